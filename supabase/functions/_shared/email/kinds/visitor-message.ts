// A visitor's message from /contact#besked (visitor_message_send): the owner's e-mail with all of
// it, Reply-To the visitor, and the visitor's receipt, which repeats only the topic and the name
// (it goes to whatever address was typed, so it must not carry text of the sender's choosing).
import { oneOf } from '../../outbox/payload.ts';
import { WORKSHOP } from '../business.ts';
import { danishDateTime } from '../format.ts';
import { openingHours } from '../booking.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

const TOPIC = oneOf(['question', 'quote']);

const TOPIC_TEXT = {
  question: { owner: 'Spørgsmål', receipt: 'dit spørgsmål' },
  quote: {
    owner: 'Ønske om uforpligtende tilbud',
    receipt: 'dit ønske om et uforpligtende tilbud',
  },
} as const;

/** visitor_message_send's owner payload. */
export const OWNER_VISITOR_MESSAGE = {
  topic: TOPIC,
  name: 'string!',
  email: 'string!',
  phone: 'string?',
  car: 'string?',
  message: 'string!',
  receivedAt: 'datetime!',
} as const;

/** visitor_message_send's receipt payload. */
export const VISITOR_MESSAGE_RECEIPT = {
  topic: TOPIC,
  name: 'string!',
  receivedAt: 'datetime!',
} as const;

export const ownerVisitorMessage = defineEmail({
  kind: 'owner_visitor_message',
  payload: OWNER_VISITOR_MESSAGE,
  render(m) {
    const topic = TOPIC_TEXT[m.topic].owner;
    return email(
      `${topic} fra hjemmesiden – ${m.name}`,
      {
        heading: `${topic} fra hjemmesiden`,
        intro: [`${m.name} har skrevet til jer via formularen på hjemmesiden.`],
        rows: [
          ['Emne', topic],
          ['Navn', m.name],
          ['E-mail', m.email],
          ...(m.phone ? [['Telefon', m.phone] as [string, string]] : []),
          ...(m.car ? [['Bil', m.car] as [string, string]] : []),
          ['Modtaget', danishDateTime(m.receivedAt)],
        ],
        sections: [{ title: 'Besked', lines: [m.message] }],
        outro: ['Svar på denne e-mail for at skrive til afsenderen.'],
      },
      [],
      m.email,
    );
  },
});

export const visitorMessageReceipt = defineEmail({
  kind: 'visitor_message_receipt',
  payload: VISITOR_MESSAGE_RECEIPT,
  render(m, _msg, ctx) {
    const name = [...m.name.trim()].slice(0, 60).join('').trim();
    return email(
      `Tak for din besked til ${WORKSHOP.name}`,
      {
        heading: 'Tak for din besked',
        intro: [
          `Hej ${name},`,
          `Tak for din besked. Vi har modtaget ${TOPIC_TEXT[m.topic].receipt} ${danishDateTime(m.receivedAt)}.`,
          `Vi svarer på e-mail inden for ${WORKSHOP.replyWithinHours} timer på hverdage, i vores åbningstid. Haster det, er du velkommen til at ringe på ${WORKSHOP.phone.display}.`,
        ],
        rows: [],
        sections: [openingHours(ctx)],
        outro: ['Har du ikke skrevet til os, kan du se bort fra denne e-mail.'],
      },
      [],
      ctx.ownerEmail,
    );
  },
});
