// The SMS texts: short Danish, in the GSM 7-bit alphabet (gsm.ts), at most two segments (306
// characters; one segment is 160). No link and no name: an SMS is read on a lock screen and
// forwarded, and a link would carry the booking's cancel token; the e-mail has the links. One
// module per SMS kind in kinds/.
import { toGsm } from './gsm.ts';
import { SMS_MESSAGES } from './kinds/index.ts';
import type { SmsKind } from './message.ts';

export { SMS_MAX_SEPTETS, gsmSeptets, toGsm } from './gsm.ts';
export type { SmsKind } from './message.ts';

export const SMS_KINDS = Object.keys(SMS_MESSAGES) as readonly SmsKind[];

export function isSmsKind(kind: string): kind is SmsKind {
  return (SMS_KINDS as readonly string[]).includes(kind);
}

/** The SMS of an outbox row. Throws, naming kind and key, when the payload lacks what it needs. */
export function renderSms(kind: SmsKind, payload: Record<string, unknown>): string {
  return toGsm(SMS_MESSAGES[kind].textOf(payload));
}
