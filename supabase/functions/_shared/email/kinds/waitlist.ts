// The waiting list of a full day (88_waitlist.sql): the receipt of "Skriv mig op", and the one
// message when a time frees on the day. Neither carries a booking: the day and the job (the
// package, and the car's size and add-ons when he gave them) are all the list knows.
import { list } from '../../outbox/payload.ts';
import { WORKSHOP } from '../business.ts';
import { email } from '../layout.ts';
import { defineEmail } from '../message.ts';
import { waitlistBookingLink, waitlistDayText, waitlistLeaveLink } from '../waitlist-links.ts';

export const waitlistReceipt = defineEmail({
  kind: 'waitlist_receipt',
  // join_waitlist: the day, the package, the token of the leave link, and the phone the SMS will
  // go to (only when he gave one)
  payload: { day: 'day!', serviceName: 'string!', leaveToken: 'string!', smsTo: 'string?' },
  render(b, _msg, ctx) {
    const day = waitlistDayText(b.day);
    return email(
      `Du er skrevet op til ${day}`,
      {
        heading: 'Du er skrevet op på ventelisten',
        intro: [
          'Hej,',
          `Du er skrevet op til ${day} (${b.serviceName}). Bliver der en tid ledig den dag, får du én mail med et link${b.smsTo ? ` og én SMS med samme link til ${b.smsTo}` : ''}, så du kan booke den. Den, der booker først, får tiden.`,
        ],
        rows: [
          ['Dag', day],
          ['Service', b.serviceName],
          ...(b.smsTo ? [['SMS til', b.smsTo] as [string, string]] : []),
        ],
        sections: [
          {
            title: 'Vil du ikke længere stå på listen?',
            lines: [
              'Så fjerner vi dig med det samme. Listen slettes af sig selv, når dagen er gået.',
            ],
            links: [
              { href: waitlistLeaveLink(ctx.siteUrl, b.leaveToken), label: 'Fjern mig fra listen' },
            ],
          },
        ],
        outro: [`Spørgsmål? Ring til os på ${WORKSHOP.phone.display}.`],
      },
      [],
      ctx.ownerEmail,
    );
  },
});

export const waitlistFree = defineEmail({
  kind: 'waitlist_free',
  // waitlist_notify: the day, the package, the first free drop-off time when the list was told,
  // and the job's car size (when not the ordinary car) and add-ons, when he signed up with them
  payload: {
    day: 'day!',
    serviceName: 'string!',
    time: 'time|null',
    carSize: 'string?',
    carSizeName: 'string?',
    addons: list({ id: 'string!', name: 'string!' }, '?'),
  },
  render(b, _msg, ctx) {
    const day = waitlistDayText(b.day);
    return email(
      `Der er en ledig tid ${day}`,
      {
        heading: 'Der er blevet en tid ledig',
        intro: [
          'Hej,',
          `Der er blevet en tid ledig ${day}${b.time ? ` (første ledige kl. ${b.time})` : ''}, som du stod på venteliste til. Alle på listen får denne mail på samme tid, og den, der booker først, får tiden.`,
        ],
        rows: [
          ['Dag', day],
          ['Service', b.serviceName],
          ...(b.carSizeName ? [['Bilstørrelse', b.carSizeName] as [string, string]] : []),
          ...(b.addons?.length
            ? [['Tilvalg', b.addons.map((a) => a.name).join(', ')] as [string, string]]
            : []),
        ],
        sections: [
          {
            title: 'Book tiden',
            lines: [
              b.carSize || b.addons?.length
                ? 'Linket åbner bookingen på dagen med din pakke, din bils størrelse og dine tilvalg valgt.'
                : 'Linket åbner bookingen på dagen med din pakke valgt.',
            ],
            links: [
              {
                href: waitlistBookingLink(ctx.siteUrl, b.serviceName, b.day, {
                  carSize: b.carSize,
                  addonIds: b.addons?.map((a) => a.id),
                }),
                label: 'Book tiden nu',
              },
            ],
          },
        ],
        outro: ['Du er nu taget af listen og får ikke flere mails om dagen.'],
      },
      [],
      ctx.ownerEmail,
    );
  },
});
