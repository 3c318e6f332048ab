// The owner's morning agenda (queue_owner_agenda): today's drop-offs, pick-ups and the cars of
// longer jobs worked on (or waiting) between the two, by their role today as the owner_agenda view
// has them, each with its package, car size and add-ons, and the e-mails given up since the last
// agenda.
import { list, object, oneOf, type Payload } from '../../outbox/payload.ts';
import {
  CUSTOMER_DETAILS,
  CUSTOMER_DETAILS_PAYLOAD,
  type CustomerDetailKey,
} from '../../customer-details.ts';
import { phoneDisplay } from '../../phone.ts';
import { JOB } from '../booking.ts';
import { danishDate, danishDateTime, localParts, readyText } from '../format.ts';
import { GIVEN_UP_ITEM, givenUpSection } from '../given-up.ts';
import { count, email } from '../layout.ts';
import { defineEmail } from '../message.ts';

/** public.owner_agenda_item: readyAt is the new ready time when the owner gave one. */
const AGENDA_ITEM = {
  reference: 'string!',
  serviceName: 'string!',
  /** booking_summary's job: the size and add-ons as booked (none in an older agenda) */
  job: object(JOB),
  ...CUSTOMER_DETAILS_PAYLOAD,
  dropOff: 'datetime!',
  readyAt: 'datetime!',
} as const;

/** A car between its drop-off and pickup day: worked on or waiting (booking_day_role). */
const WORKING_ITEM = { ...AGENDA_ITEM, role: oneOf(['arbejde', 'venter']) } as const;

type AgendaItem = Payload<typeof AGENDA_ITEM> & { role?: string };

/** The details an agenda line places itself (or, the address, leaves out). */
const LINE_OF_ITS_OWN: readonly CustomerDetailKey[] = [
  'customerName',
  'customerPhone',
  'customerEmail',
  'notes',
];

function agendaLines(
  items: AgendaItem[],
  at: 'dropOff' | 'readyAt' | 'between',
  empty: string,
): string[] {
  if (items.length === 0) return [empty];
  return items.map((item) => {
    const parts = [
      // a car between its drop-off and pickup day has no time of its own today
      at === 'between'
        ? item.role === 'venter'
          ? 'venter'
          : 'i arbejde'
        : `kl. ${localParts(item[at]).time}`,
      item.serviceName,
      // the bay's plan and the work differ by the car's size and the add-ons
      item.job.carSizeName,
      item.job.addons.length > 0 ? `tilvalg ${item.job.addons.map((a) => a.name).join(', ')}` : '',
      item.customerName || '(uden navn)',
      item.customerPhone ? `tlf. ${phoneDisplay(item.customerPhone)}` : '',
      // the car's details as "nummerplade AB 12 345" (the address is not the morning's business)
      ...CUSTOMER_DETAILS.filter((d) => !LINE_OF_ITS_OWN.includes(d.key)).map((d) =>
        item[d.key] ? `${d.label.toLowerCase()} ${item[d.key]}` : '',
      ),
      at === 'dropOff'
        ? `klar ${readyText(item.dropOff, item.readyAt)}`
        : `afleveret ${danishDateTime(item.dropOff)}`,
      at === 'between' ? `klar ${danishDateTime(item.readyAt)}` : '',
      `nr. ${item.reference}`,
    ].filter(Boolean);
    return `${parts.join(' · ')}${item.notes ? `\nBemærkninger: ${item.notes}` : ''}`;
  });
}

export const ownerAgenda = defineEmail({
  kind: 'owner_agenda',
  payload: {
    day: 'day!',
    dropOffs: list(AGENDA_ITEM, '!'),
    pickUps: list(AGENDA_ITEM, '!'),
    // agendas queued before the cars in between, or the given-up e-mails, were listed have none
    working: list(WORKING_ITEM),
    givenUp: list(GIVEN_UP_ITEM),
  },
  render({ day, dropOffs, pickUps, working, givenUp }) {
    const date = danishDate(`${day}T12:00:00+00:00`);
    const totals = [
      count(dropOffs.length, 'aflevering', 'afleveringer'),
      count(pickUps.length, 'afhentning', 'afhentninger'),
      ...(working.length > 0 ? [`${working.length} i arbejde`] : []),
    ].join(', ');
    return email(`Dagens program ${date}: ${totals}`, {
      heading: `Dagens program, ${date}`,
      intro: [
        `God morgen. I dag: ${totals}.`,
        ...(givenUp.length > 0
          ? [`${count(givenUp.length, 'e-mail', 'e-mails')} kunne ikke sendes: se nederst.`]
          : []),
      ],
      rows: [],
      sections: [
        {
          title: 'Afleveringer',
          lines: agendaLines(dropOffs, 'dropOff', 'Ingen afleveringer i dag.'),
        },
        {
          title: 'Afhentninger',
          lines: agendaLines(pickUps, 'readyAt', 'Ingen afhentninger i dag.'),
        },
        ...(working.length > 0
          ? [{ title: 'I værkstedet', lines: agendaLines(working, 'between', '') }]
          : []),
        ...(givenUp.length > 0 ? [givenUpSection(givenUp)] : []),
      ],
      outro: ['Morgenoversigten slås fra med indstillingen owner_agenda_email (0 = fra).'],
    });
  },
});
