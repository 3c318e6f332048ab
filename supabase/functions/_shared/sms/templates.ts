// The SMS texts: short Danish, in the GSM 7-bit alphabet (æ, ø, å are in it and count one
// character each), at most two segments (306 characters; one segment is 160). No link and no name:
// an SMS is read on a lock screen and forwarded, and a link would carry the booking's cancel
// token; the e-mail has the links. A new SMS (e.g. "din bil er klar") is one entry here and one
// line in public.sms_kind.
import { WORKSHOP, WORKSHOP_ADDRESS } from '../email/business.ts';
import { danishDateTime } from '../email/format.ts';

export type SmsKind =
  | 'sms_booking_confirmation'
  | 'sms_booking_reminder'
  | 'sms_booking_moved'
  | 'sms_cancellation_confirmation';

export const SMS_KINDS: readonly SmsKind[] = [
  'sms_booking_confirmation',
  'sms_booking_reminder',
  'sms_booking_moved',
  'sms_cancellation_confirmation',
];

export function isSmsKind(kind: string): kind is SmsKind {
  return (SMS_KINDS as readonly string[]).includes(kind);
}

/** Two segments of GSM 7-bit text. */
export const SMS_MAX_SEPTETS = 306;

interface SmsPayload {
  reference: string;
  serviceName: string;
  dropOff: string;
}

function payloadOf(payload: Record<string, unknown>): SmsPayload {
  const { reference, serviceName, dropOff } = payload;
  if (
    typeof reference !== 'string' ||
    typeof serviceName !== 'string' ||
    typeof dropOff !== 'string'
  )
    throw new Error('SMS payload without reference, serviceName or dropOff');
  return { reference, serviceName, dropOff };
}

const TEXTS: Record<SmsKind, (p: SmsPayload) => string> = {
  sms_booking_confirmation: (p) =>
    `${WORKSHOP.name}: Din tid er booket. ${p.serviceName}, ${danishDateTime(p.dropOff)}. ` +
    `Bookingnr. ${p.reference}. Flyt eller afbestil via linket i din e-mail. ${WORKSHOP_ADDRESS}`,
  sms_booking_reminder: (p) =>
    `${WORKSHOP.name}: Påmindelse om din tid ${danishDateTime(p.dropOff)} (${p.serviceName}). ` +
    `Bookingnr. ${p.reference}. ${WORKSHOP_ADDRESS}`,
  sms_booking_moved: (p) =>
    `${WORKSHOP.name}: Din booking ${p.reference} er flyttet til ${danishDateTime(p.dropOff)} ` +
    `(${p.serviceName}).`,
  sms_cancellation_confirmation: (p) =>
    `${WORKSHOP.name}: Din booking ${p.reference} (${p.serviceName}, ${danishDateTime(p.dropOff)}) ` +
    `er aflyst. Ring på ${WORKSHOP.phone.display} hvis det er en fejl.`,
};

// GSM 03.38: the basic set (one septet each) and the extension table (two septets each)
const GSM_BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
const GSM_EXTENDED = '^{}\\[~]|€\f';

/** Septets of a text in GSM 7-bit, or null when a character is outside it (it would go as UCS-2). */
export function gsmSeptets(text: string): number | null {
  let n = 0;
  for (const ch of text) {
    if (GSM_BASIC.includes(ch)) n += 1;
    else if (GSM_EXTENDED.includes(ch)) n += 2;
    else return null;
  }
  return n;
}

const LOOKALIKES: Record<string, string> = {
  '–': '-',
  '—': '-',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '…': '...',
};

/**
 * The text in GSM 7-bit: typographic dashes and quotes as their plain forms, a letter with an
 * accent outside the alphabet without it, anything else as "?". One character outside GSM would
 * send the whole SMS as UCS-2 (70 characters a segment).
 */
export function toGsm(text: string): string {
  let out = '';
  for (const ch of text) {
    if (gsmSeptets(ch) !== null) out += ch;
    else if (LOOKALIKES[ch]) out += LOOKALIKES[ch];
    else {
      const bare = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '');
      out += bare && gsmSeptets(bare) !== null ? bare : '?';
    }
  }
  return out;
}

/** The SMS of an outbox row. Throws when the payload lacks what the text needs. */
export function renderSms(kind: SmsKind, payload: Record<string, unknown>): string {
  return toGsm(TEXTS[kind](payloadOf(payload)));
}
