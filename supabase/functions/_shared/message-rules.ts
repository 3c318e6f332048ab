// What a visitor types into the message form on /contact (#besked): each field's rule and its
// Danish message, in one copy for both ends of the wire. send-message checks a request with it,
// and the form checks the same fields with it before it sends, so every wrong field is marked at
// once, at the field. Name, e-mail and phone are the booking's rules (customer-rules.ts). Pure
// TypeScript like customer-rules.ts (the browser's bundle takes it as it is). The database's
// backstop is the table's checks (82_visitor_messages.sql), which agree with the limits here.
import {
  CUSTOMER_MESSAGES,
  hasLink,
  readCustomerField,
  type FieldReading,
} from './customer-rules.ts';

export const MESSAGE_MIN = 10;
export const MESSAGE_MAX = 2000;
export const CAR_MAX = 100;

/** What a message is about: a question, or a request for a quote. */
export const MESSAGE_TOPICS = ['question', 'quote'] as const;
export type MessageTopic = (typeof MESSAGE_TOPICS)[number];

/** The fields the visitor types, by their body key, in the order they are checked. */
export const MESSAGE_FIELDS = ['topic', 'name', 'email', 'phone', 'car', 'message'] as const;
export type MessageField = (typeof MESSAGE_FIELDS)[number];

export function isMessageField(value: unknown): value is MessageField {
  return (MESSAGE_FIELDS as readonly unknown[]).includes(value);
}

export const MESSAGE_FIELD_MESSAGES = {
  topic: 'Vælg, om du har et spørgsmål eller ønsker et uforpligtende tilbud.',
  car: `Bilens mærke og model må højst være ${CAR_MAX} tegn.`,
  carLink: 'Bilens mærke og model må ikke indeholde links, web- eller e-mailadresser.',
  message: `Skriv en besked på mellem ${MESSAGE_MIN} og ${MESSAGE_MAX} tegn.`,
  messageLink:
    'Beskeden må ikke indeholde links, web- eller e-mailadresser. Beskriv det med ord, så svarer vi på din e-mail.',
} as const;

// control and format characters: as customer-rules.ts; the message keeps line feeds and tabs
const FORBIDDEN = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const FORBIDDEN_IN_MESSAGE = /[^\P{Cc}\n\t]|[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;

const length = (value: string) => [...value].length;
const refuse = (error: string): FieldReading => ({ ok: false, error });

/** Reads one field as the visitor sent it: its value as stored ('' when an optional one is absent), or its refusal. */
export function readMessageField(field: MessageField, raw: unknown): FieldReading {
  switch (field) {
    case 'topic':
      return typeof raw === 'string' && (MESSAGE_TOPICS as readonly string[]).includes(raw)
        ? { ok: true, value: raw }
        : refuse(MESSAGE_FIELD_MESSAGES.topic);
    case 'name':
      return readCustomerField('customerName', raw);
    case 'email':
      return readCustomerField('customerEmail', raw);
    case 'phone': {
      // optional here: the owner answers by e-mail
      if (raw === undefined || raw === null || (typeof raw === 'string' && raw.trim() === ''))
        return { ok: true, value: '' };
      return readCustomerField('customerPhone', raw);
    }
    case 'car': {
      const text = raw ?? '';
      if (typeof text !== 'string') return refuse(MESSAGE_FIELD_MESSAGES.car);
      const value = text.trim();
      if (length(value) > CAR_MAX) return refuse(MESSAGE_FIELD_MESSAGES.car);
      if (FORBIDDEN.test(value)) return refuse(CUSTOMER_MESSAGES.forbiddenCharacter);
      if (hasLink(value)) return refuse(MESSAGE_FIELD_MESSAGES.carLink);
      return { ok: true, value };
    }
    case 'message': {
      if (typeof raw !== 'string') return refuse(MESSAGE_FIELD_MESSAGES.message);
      const value = raw.replace(/\r\n?/g, '\n').trim();
      if (length(value) < MESSAGE_MIN || length(value) > MESSAGE_MAX)
        return refuse(MESSAGE_FIELD_MESSAGES.message);
      if (FORBIDDEN_IN_MESSAGE.test(value)) return refuse(CUSTOMER_MESSAGES.forbiddenCharacter);
      if (hasLink(value)) return refuse(MESSAGE_FIELD_MESSAGES.messageLink);
      return { ok: true, value };
    }
  }
}

/** Every field that is wrong, each with its message (empty when all are right). */
export function messageFieldErrors(
  values: Partial<Record<MessageField, unknown>>,
): Partial<Record<MessageField, string>> {
  const errors: Partial<Record<MessageField, string>> = {};
  for (const field of MESSAGE_FIELDS) {
    const reading = readMessageField(field, values[field]);
    if (!reading.ok) errors[field] = reading.error;
  }
  return errors;
}
