// What the customer types into a booking (name, e-mail, phone, notes, car plate): each field's rule
// and its Danish message, in one copy for both ends of the wire. create-booking checks a request
// with it (validation.ts), and the booking form checks the same fields with it before it sends
// (src/features/booking/rules/customer-fields.ts), so that every wrong field is marked at once, at
// the field, instead of one refusal per submit.
//
// The browser's bundle takes this file as it is, so it stays pure TypeScript: no Deno, Node or DOM
// API, and no import but phone.ts (pure too); eslint allows src/ this file and no other value of
// supabase/. The database's backstop is public.booking_customer_refusal (50_create_booking.sql).
import { phoneE164 } from './phone.ts';

export const NAME_MIN = 2;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;
export const NOTES_MAX = 1000;
/** Longest car registration number. The table's check (bookings_car_plate_length) agrees. */
export const CAR_PLATE_MAX = 20;

/** The Danish refusals of the customer's fields (messages.ts takes them into MESSAGES). */
export const CUSTOMER_MESSAGES = {
  name: 'Navnet skal være mellem 2 og 100 tegn.',
  nameLetter: 'Navnet skal indeholde bogstaver.',
  nameLink: 'Navnet må ikke indeholde links, web- eller e-mailadresser. Skriv kun dit navn.',
  forbiddenCharacter:
    'Teksten indeholder usynlige tegn eller kontroltegn, som vi ikke kan modtage. Skriv den venligst igen.',
  email: 'Indtast en gyldig e-mailadresse.',
  phone:
    'Indtast et gyldigt telefonnummer: 8 cifre, f.eks. 20 11 22 33, eller et udenlandsk nummer med landekode, f.eks. +46 70 123 45 67.',
  notes: 'Bemærkninger må højst være 1000 tegn.',
  carPlate: 'Nummerpladen må højst være 20 tegn.',
} as const;

/**
 * The request's optional one-line texts: trimmed, at most `max` characters (the table's check
 * agrees), no control or format characters, '' when not given; `message` refuses a longer one. A
 * new optional text of the booking is an entry here (and in the form's content,
 * src/content/booking.ts).
 */
export const OPTIONAL_TEXT_FIELDS = {
  carPlate: { max: CAR_PLATE_MAX, message: CUSTOMER_MESSAGES.carPlate },
} as const;
type OptionalTextField = keyof typeof OPTIONAL_TEXT_FIELDS;

/**
 * The fields the customer types, by their body key (booking-body.ts), in the order the server
 * checks them. A refusal of one of them names it (`field` beside `error` in the answer), so the
 * form marks that field.
 */
export const CUSTOMER_FIELDS = [
  'customerName',
  'customerEmail',
  'customerPhone',
  'notes',
  ...(Object.keys(OPTIONAL_TEXT_FIELDS) as OptionalTextField[]),
] as const;
export type CustomerField =
  'customerName' | 'customerEmail' | 'customerPhone' | 'notes' | OptionalTextField;

export function isCustomerField(value: unknown): value is CustomerField {
  return (CUSTOMER_FIELDS as readonly unknown[]).includes(value);
}

// one @, no spaces or control characters, a dot in the domain, labels without leading/trailing '-'
const EMAIL =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;
// Characters no text field takes: control characters (Cc, NUL included), format characters (Cf:
// zero-width and bidirectional controls such as U+200B, U+202E), line and paragraph separators
// (Zl, Zp) and unpaired surrogates (Cs; PostgreSQL refuses them with a 500 otherwise).
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
// Notes are a multi-line text area: line feeds and tabs are their only allowed control characters.
const FORBIDDEN_IN_NOTES = /[^\P{Cc}\n\t]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const LETTER = /\p{L}/u;

export function isEmail(value: string): boolean {
  if (value.length > EMAIL_MAX || !EMAIL.test(value)) return false;
  const local = value.slice(0, value.indexOf('@'));
  return (
    local.length <= 64 && !local.startsWith('.') && !local.endsWith('.') && !local.includes('..')
  );
}

/** A phone number by the one rule (phone.ts phoneE164): a Danish number or a foreign one with + or 00. */
export function isPhone(value: string): boolean {
  return phoneE164(value) !== null;
}

// Text that a mail client would show as a link, or that reads as an address to go to: a scheme
// (http://, ftp://, any "://"), "www.", an e-mail address ("@"), a domain (a letter or digit, a
// dot, a common top-level domain; fullwidth and ideographic dots count as dots), an IP address or
// a punycode label. "J. Hansen" and "Anne-Marie O'Brien" are names. The SQL public.text_has_link
// (50_create_booking.sql) is the same pattern, held to this one by supabase/tests/phone-rule.test.ts.
export const LINK_PATTERN =
  '://|www[.．。｡]|@|＠|xn--|[0-9]{1,3}[.][0-9]{1,3}[.][0-9]{1,3}[.][0-9]{1,3}|[a-z0-9][.．。｡](' +
  'com|net|org|info|biz|dk|de|se|no|fi|is|fo|gl|eu|uk|nl|be|fr|es|it|pt|pl|ch|at|cz|sk|hu|ro|bg|gr|' +
  'ee|lv|lt|ru|ua|by|cn|jp|kr|in|br|us|ca|au|nz|io|co|me|tv|cc|ws|to|ly|ai|gg|vc|sh|app|dev|page|' +
  'site|online|shop|store|xyz|top|link|click|live|life|today|news|club|vip|win|bid|icu|cyou|buzz|' +
  'sbs|rest|fun|space|website|tech|pro|mobi|name|email|one|zip|mov|tk|ml|ga|cf|gq' +
  ')(?![a-z0-9])';
const LINK = new RegExp(LINK_PATTERN, 'i');

/** Whether a text carries a link, a web or e-mail address (LINK_PATTERN). */
export function hasLink(value: string): boolean {
  return LINK.test(value);
}

/** Length in characters (code points), not UTF-16 units. */
function length(value: string): number {
  return [...value].length;
}

/** A field as read: its value as stored (trimmed; notes with \n line breaks), or its refusal. */
export type FieldReading = { ok: true; value: string } | { ok: false; error: string };

const refuse = (error: string): FieldReading => ({ ok: false, error });

/**
 * Reads one field of the request as the customer sent it (absent, or not a string, is refused for
 * a required field and taken as '' for an optional one).
 */
export function readCustomerField(field: CustomerField, raw: unknown): FieldReading {
  switch (field) {
    case 'customerName': {
      if (typeof raw !== 'string') return refuse(CUSTOMER_MESSAGES.name);
      const name = raw.trim();
      if (length(name) < NAME_MIN || length(name) > NAME_MAX) return refuse(CUSTOMER_MESSAGES.name);
      if (FORBIDDEN.test(name)) return refuse(CUSTOMER_MESSAGES.forbiddenCharacter);
      if (!LETTER.test(name)) return refuse(CUSTOMER_MESSAGES.nameLetter);
      // the name greets the customer in every e-mail, sent from the workshop's domain to the
      // address typed here: it must not be able to carry a link to someone else's page
      if (hasLink(name)) return refuse(CUSTOMER_MESSAGES.nameLink);
      return { ok: true, value: name };
    }
    case 'customerEmail': {
      const email = typeof raw === 'string' ? raw.trim() : null;
      if (email === null || !isEmail(email)) return refuse(CUSTOMER_MESSAGES.email);
      return { ok: true, value: email };
    }
    case 'customerPhone': {
      const phone = typeof raw === 'string' ? raw.trim() : null;
      if (phone === null || !isPhone(phone)) return refuse(CUSTOMER_MESSAGES.phone);
      return { ok: true, value: phone };
    }
    case 'notes': {
      const text = raw ?? '';
      if (typeof text !== 'string') return refuse(CUSTOMER_MESSAGES.notes);
      const notes = text.replace(/\r\n?/g, '\n').trim();
      if (length(notes) > NOTES_MAX) return refuse(CUSTOMER_MESSAGES.notes);
      if (FORBIDDEN_IN_NOTES.test(notes)) return refuse(CUSTOMER_MESSAGES.forbiddenCharacter);
      return { ok: true, value: notes };
    }
    default: {
      const rule = OPTIONAL_TEXT_FIELDS[field];
      const text = raw ?? '';
      if (typeof text !== 'string') return refuse(rule.message);
      const value = text.trim();
      if (length(value) > rule.max) return refuse(rule.message);
      if (FORBIDDEN.test(value)) return refuse(CUSTOMER_MESSAGES.forbiddenCharacter);
      return { ok: true, value };
    }
  }
}

/** Every customer field that is wrong, each with its message (empty when all are right). */
export function customerFieldErrors(
  values: Partial<Record<CustomerField, unknown>>,
): Partial<Record<CustomerField, string>> {
  const errors: Partial<Record<CustomerField, string>> = {};
  for (const field of CUSTOMER_FIELDS) {
    const reading = readCustomerField(field, values[field]);
    if (!reading.ok) errors[field] = reading.error;
  }
  return errors;
}
