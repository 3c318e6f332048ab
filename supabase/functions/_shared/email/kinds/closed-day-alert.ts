// The owner's list when a closing in closed_dates (a day or a period) leaves bookings on closed days
// (queued by public.closed_dates_name_bookings, one per closing): each booking with the customer's
// name and phone, and how to move or cancel it. The same list is on the saved closed_dates row.
import { list, object, oneOf } from '../../outbox/payload.ts';
import { phoneDisplay } from '../../phone.ts';
import { JOB } from '../booking.ts';
import { danishDate, danishDateTime, readyText } from '../format.ts';
import { count, email } from '../layout.ts';
import { defineEmail } from '../message.ts';

const BOOKING = {
  reference: 'string!',
  serviceName: 'string!',
  /** booking_summary's (not shown here: the owner moves or cancels the booking, job and all) */
  job: object(JOB),
  dropOff: 'datetime!',
  readyAt: 'datetime!',
  customerName: 'string',
  customerPhone: 'string',
} as const;

export const closedDayAlert = defineEmail({
  kind: 'owner_notification',
  alert: 'closed_day',
  payload: { alert: oneOf(['closed_day']), from: 'day!', to: 'day!', bookings: list(BOOKING, '!') },
  render({ from, to, bookings }) {
    if (bookings.length === 0) throw new Error('payload.bookings is empty');
    const days =
      from === to
        ? danishDate(`${from}T12:00:00+00:00`)
        : `${danishDate(`${from}T12:00:00+00:00`)} til ${danishDate(`${to}T12:00:00+00:00`)}`;
    const n = count(bookings.length, 'booking', 'bookinger');
    return email(`Lukket ${days}: ${n} skal flyttes eller aflyses`, {
      heading: 'Lukket dag med bookinger',
      intro: [
        `Du har lukket ${days}. ${n} ligger stadig på de lukkede dage og er hverken flyttet eller aflyst. Kunderne ved det ikke endnu.`,
      ],
      rows: [],
      sections: [
        {
          title: 'Bookingerne',
          lines: bookings.map((item) =>
            [
              `nr. ${item.reference}`,
              item.serviceName,
              item.customerName || '(uden navn)',
              item.customerPhone ? `tlf. ${phoneDisplay(item.customerPhone)}` : '',
              `afleveres ${danishDateTime(item.dropOff)}`,
              `klar ${readyText(item.dropOff, item.readyAt)}`,
            ]
              .filter(Boolean)
              .join(' · '),
          ),
        },
        {
          title: 'Det skal du gøre',
          lines: [
            'Ring til kunderne. Flyt hver booking i owner_bookings (skriv den nye tid i drop_off_local), eller aflys den; har kunden en e-mailadresse, får kunden en mail om det.',
            'owner_agenda med day = den lukkede dag viser, hvad der stadig står på dagen.',
          ],
        },
      ],
      outro: [],
    });
  },
});
