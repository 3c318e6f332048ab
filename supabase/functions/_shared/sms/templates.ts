// The SMS texts: short Danish, in the GSM 7-bit alphabet (æ, ø, å are in it and count one
// character each), at most two segments (306 characters; one segment is 160). No link and no name:
// an SMS is read on a lock screen and forwarded, and a link would carry the booking's cancel
// token; the e-mail has the links. A new SMS is one entry here, one line in public.sms_kind and its
// kind in email_outbox_kind_check.
import { WORKSHOP, WORKSHOP_ADDRESS } from '../email/business.ts';
import { danishDateTime, localParts, pickupHoursLines, type PickupDay } from '../email/format.ts';

export type SmsKind =
  | 'sms_booking_confirmation'
  | 'sms_booking_reminder'
  | 'sms_booking_moved'
  | 'sms_cancellation_confirmation'
  | 'sms_car_ready'
  | 'sms_car_ready_time';

export const SMS_KINDS: readonly SmsKind[] = [
  'sms_booking_confirmation',
  'sms_booking_reminder',
  'sms_booking_moved',
  'sms_cancellation_confirmation',
  'sms_car_ready',
  'sms_car_ready_time',
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

/** A string field of the payload the text needs (the car's messages carry more than a booking). */
function field(payload: Record<string, unknown>, key: string): string {
  const value = payload[key];
  if (typeof value !== 'string') throw new Error(`SMS payload without ${key}`);
  return value;
}

/** The first two pickup days of a car_ready payload (public.booking_pickup_hours), as the e-mail writes them. */
function pickupLines(payload: Record<string, unknown>): string[] {
  const days = payload.pickupHours;
  if (!Array.isArray(days)) throw new Error('SMS payload without pickupHours');
  const parsed: PickupDay[] = days.map((d: unknown) => {
    const day = d as Record<string, unknown>;
    if (typeof day.day !== 'string' || typeof day.closes !== 'string')
      throw new Error('SMS payload with malformed pickupHours');
    return {
      day: day.day,
      opens: typeof day.opens === 'string' ? day.opens : null,
      closes: day.closes,
    };
  });
  return pickupHoursLines(parsed.slice(0, 2), localParts(field(payload, 'readyNow')).date);
}

const TEXTS: Record<SmsKind, (p: SmsPayload, payload: Record<string, unknown>) => string> = {
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
  sms_car_ready: (p, payload) => {
    const lines = pickupLines(payload);
    return (
      `${WORKSHOP.name}: Din bil er klar til afhentning (bookingnr. ${p.reference}). ` +
      (lines.length > 0 ? `Du kan hente den: ${lines.join(', ')}. ` : '') +
      WORKSHOP_ADDRESS
    );
  },
  sms_car_ready_time: (p, payload) =>
    `${WORKSHOP.name}: Din bil (bookingnr. ${p.reference}) bliver klar ` +
    `${danishDateTime(field(payload, 'newReadyAt'))}. Ring på ${WORKSHOP.phone.display} hvis tiden ikke passer.`,
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
  return toGsm(TEXTS[kind](payloadOf(payload), payload));
}
