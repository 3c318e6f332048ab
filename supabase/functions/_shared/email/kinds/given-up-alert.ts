// The owner's alert about e-mails given up after their last try (at most one a day, queued by
// public.queue_given_up_alert): each with the customer's name, e-mail and phone, the booking and
// the error, and what to do.
import { list, oneOf } from '../../outbox/payload.ts';
import { GIVEN_UP_ITEM, GIVEN_UP_TITLE, givenUpEntry, toCustomers } from '../given-up.ts';
import { count, email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const givenUpAlert = defineEmail({
  kind: 'owner_notification',
  alert: 'given_up',
  payload: { alert: oneOf(['given_up']), day: 'day', emails: list(GIVEN_UP_ITEM, '!') },
  render({ emails: items }) {
    if (items.length === 0) throw new Error('payload.emails is empty');
    const n = count(items.length, 'e-mail', 'e-mails');
    return email(`Advarsel: ${n} kunne ikke sendes`, {
      heading: GIVEN_UP_TITLE,
      intro: [
        `${n} kunne ikke sendes, heller ikke efter flere forsøg, og er opgivet. Modtageren har altså ikke fået dem.`,
      ],
      rows: [],
      sections: [
        { title: 'Det drejer sig om', lines: items.map(givenUpEntry) },
        {
          title: 'Det skal du gøre',
          lines: [
            ...(toCustomers(items)
              ? [
                  'Ring til kunden, og sig det, mailen skulle have sagt: at bookingen er bekræftet, flyttet eller afbestilt, eller hvornår bilen skal afleveres.',
                ]
              : []),
            'Fejlen står også i tabellen email_outbox (filtrér status = failed, se last_error). Når årsagen er rettet, kan du sende en mail igen ved at sætte dens status til pending.',
            'Du får højst én sådan mail om dagen. Kan flere mails ikke sendes senere i dag, står de i morgendagens mail og i din morgenoversigt, hvis den er slået til.',
          ],
        },
      ],
      outro: [],
    });
  },
});
