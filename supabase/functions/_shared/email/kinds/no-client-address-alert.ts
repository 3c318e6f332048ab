// The owner's alert that online bookings arrive without a usable client address (at most one a
// day, queued by public.booking_unknown_address_alert): the platform's address header did not reach
// the booking function, so the per-address caps cannot tell visitors apart and are not counted.
// Bookings still work; the setting to check is CLIENT_IP_HEADER, which the owner passes on.
import { oneOf } from '../../outbox/payload.ts';
import { danishDateTime } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const noClientAddressAlert = defineEmail({
  kind: 'owner_notification',
  alert: 'no_client_address',
  // day: the Copenhagen day of the alert (its key); at: the first booking seen without an address
  payload: { alert: oneOf(['no_client_address']), day: 'day', at: 'datetime' },
  render({ at }) {
    return email('Advarsel: online-bookinger uden den besøgendes adresse', {
      heading: 'Bookinger uden den besøgendes internetadresse',
      intro: [
        `Der er kommet en online-booking${at ? ` (første gang i dag ${danishDateTime(at)})` : ''}, hvor bookingfunktionen ikke kunne se den besøgendes internetadresse.`,
        'Bookingerne virker stadig. Men grænserne pr. adresse (max_bookings_per_ip_per_day og de timevise) kan ikke skelne de besøgende fra hinanden og tælles ikke for dem; kun grænserne pr. e-mail og telefon og pr. time (max_new_bookings_per_hour) beskytter mod misbrug, indtil det er rettet.',
      ],
      rows: [],
      sections: [
        {
          title: 'Det skal du gøre',
          lines: [
            'Det skyldes en indstilling, ikke noget du har gjort. Send denne mail til den, der har sat hjemmesiden op.',
            'Til den, der har sat siden op: funktionshemmeligheden CLIENT_IP_HEADER (og med x-forwarded-for CLIENT_IP_TRUSTED_HOPS) passer ikke til platformen. npm run check:live siger, hvilken værdi der skal bruges (docs/deploy.md, "The client\'s address").',
            'Du får højst én sådan mail om dagen.',
          ],
        },
      ],
      outro: [],
    });
  },
});
