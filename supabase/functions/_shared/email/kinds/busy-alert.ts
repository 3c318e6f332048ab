// The owner's alert when online bookings go over four times max_new_bookings_per_hour and online
// booking closes (one per burst, queued by create_booking): how many, and that visitors are asked
// to call meanwhile.
import { oneOf } from '../../outbox/payload.ts';
import { WORKSHOP } from '../business.ts';
import { danishDateTime } from '../format.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';

export const busyAlert = defineEmail({
  kind: 'owner_notification',
  alert: 'busy',
  payload: { alert: oneOf(['busy']), count: 'integer', cap: 'integer', at: 'datetime' },
  render({ count, cap, at }) {
    return email('Advarsel: mange online-bookinger på kort tid', {
      heading: 'Mange online-bookinger på kort tid',
      intro: [
        `Der er kommet ${count} online-bookinger inden for den seneste time${at ? ` (senest ${danishDateTime(at)})` : ''}. Grænsen er ${cap} i timen (fire gange indstillingen max_new_bookings_per_hour; fra halvdelen af indstillingen gør et sværere robottjek hver booking dyrere for robotter).`,
        `Indtil tallet falder igen, bliver nye besøgende bedt om at ringe på ${WORKSHOP.phone.display} i stedet for at booke online.`,
        'Se de nyeste bookinger i owner_bookings, og aflys dem, der ikke ser ægte ud. Du får ikke flere advarsler, før der har været en time uden afviste bookinger.',
      ],
      rows: [],
      sections: [],
      outro: [],
    });
  },
});
