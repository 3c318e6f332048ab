// The SMS texts: short Danish, in the GSM 7-bit alphabet (gsm.ts), at most two segments (306
// characters; one segment is 160). No name, and no link of a booking: an SMS is read on a lock
// screen and forwarded, and a booking's link would carry its cancel token; the e-mail has those
// links. The one link an SMS carries is the waiting list's "book the free time" (kinds/
// waitlist-free.ts): it holds no token, and a time that goes to whoever books first is worth one
// tap. One module per SMS kind in kinds/.
import { toGsm } from './gsm.ts';
import { SMS_MESSAGES } from './kinds/index.ts';
import type { SmsContext, SmsKind } from './message.ts';

export { SMS_MAX_SEPTETS, gsmSeptets, toGsm } from './gsm.ts';
export type { SmsContext, SmsKind } from './message.ts';

export const SMS_KINDS = Object.keys(SMS_MESSAGES) as readonly SmsKind[];

export function isSmsKind(kind: string): kind is SmsKind {
  return (SMS_KINDS as readonly string[]).includes(kind);
}

/** The SMS of an outbox row. Throws, naming kind and key, when the payload lacks what it needs. */
export function renderSms(
  kind: SmsKind,
  payload: Record<string, unknown>,
  ctx: SmsContext,
): string {
  return toGsm(SMS_MESSAGES[kind].textOf(payload, ctx));
}

/** Whether the SMS of this kind carries a link to the site (SITE_URL needed to send it). */
export function smsHasLink(kind: SmsKind): boolean {
  return SMS_MESSAGES[kind].link;
}
