// Phone numbers: the one rule for what a phone number is, and how the owner reads one. The database
// stores one form, E.164 (+4520112233). phoneE164 is the rule in TypeScript (the create-booking
// validation and the SMS sender's msisdn); the SQL public.phone_e164 is the same rule in the
// database (the bookings trigger, create_booking, the no-show and contact caps, the request
// fingerprint, sms_number). supabase/tests/phone-rule.test.ts runs one table of inputs through
// both, on both databases, so the copies cannot drift apart. phoneDisplay groups a stored number
// the way the owner's views do (the SQL phone_display), for the e-mails and the calendar feed.
//
// The rule:
// - spaces (also no-break spaces), dots, hyphens and brackets are layout and are dropped;
// - a Danish number is exactly 8 digits, the first 2-9, written alone (20554433) or after 45, +45
//   or 0045 (4520554433, +45 20 55 44 33, 004520554433): all are +4520554433;
// - any other number needs its international prefix, + or 00, and is valid E.164: a country code
//   starting 1-9, 8 to 15 digits in all (+46701234567, 0046701234567);
// - anything else is not a phone number (null): 00000000, 001234567, 201122334, +45 2011223,
//   +4501234567, text.

const DANISH = /^\+45(\d{2})(\d{2})(\d{2})(\d{2})$/;
/** Layout characters dropped before the digits are read: space, no-break space, . - ( ). */
const LAYOUT = /[ \u00a0.()-]/g;
/** Longer input is not a phone number, whatever it holds. */
export const PHONE_INPUT_MAX = 40;

/** The stored (E.164) form of a phone number as typed, or null when it is not a phone number. */
export function phoneE164(value: string): string | null {
  if (value.length > PHONE_INPUT_MAX) return null;
  const c = value.replace(LAYOUT, '');
  let m: RegExpExecArray | null;
  if ((m = /^(?:\+|00)45([2-9][0-9]{7})$/.exec(c))) return `+45${m[1]}`;
  if (/^(?:\+|00)45/.test(c)) return null;
  if (/^\+[1-9][0-9]{7,14}$/.test(c)) return c;
  if ((m = /^00([1-9][0-9]{7,14})$/.exec(c))) return `+${m[1]}`;
  if (/^[2-9][0-9]{7}$/.test(c)) return `+45${c}`;
  if (/^45[2-9][0-9]{7}$/.test(c)) return `+${c}`;
  return null;
}

/** A stored phone number grouped for reading: +4520112233 is "+45 20 11 22 33". */
export function phoneDisplay(phone: string): string {
  const m = DANISH.exec(phone);
  return m ? `+45 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : phone;
}
