/**
 * "Skriv mig op" in the booking form: the waiting list of a full day (the join-waitlist function
 * answers its refusals in its own Danish words, which the form shows as they are). The query
 * names of the e-mails' links are the server's (supabase/functions/_shared/email/waitlist-links.ts
 * WAITLIST_QUERY); tests/features/booking/waitlist-offer.test.tsx ties the two.
 */
export const WAITLIST_QUERY = {
  service: 'service',
  day: 'dag',
  /** the car size's code, when not the ordinary car */
  size: 'bil',
  /** the add-ons' ids, comma-separated */
  addons: 'tilvalg',
  leave: 'venteliste-afmeld',
} as const;

export const waitlistCopy = {
  /** The action under a full day: "Skriv mig op til torsdag den 10. december". */
  offer: (day: string) => `Skriv mig op til ${day}`,
  offerHint:
    'Bliver der en tid ledig den dag, får du én mail med et link, så du kan booke den. Den, der booker først, får tiden.',
  emailLabel: 'Din e-mail',
  emailPlaceholder: 'din@email.dk',
  submit: 'Skriv mig op',
  sending: 'Skriver dig op...',
  joined: (day: string) =>
    `Du er skrevet op til ${day}. Vi sender dig en mail, hvis der bliver en tid ledig.`,
  already: (day: string) =>
    `Du står allerede på ventelisten til ${day}. Vi sender dig en mail, hvis der bliver en tid ledig.`,
  failed: 'Du kunne ikke skrives op lige nu. Prøv igen senere.',
  /** The link from the "ledig tid" mail, when the day is full again. */
  taken:
    'Tiden er desværre allerede taget af en anden på ventelisten. Vælg den næste ledige tid herunder, eller skriv dig op igen.',
  leave: {
    title: 'Ventelisten',
    body: 'Vil du fjernes fra ventelisten? Så får du ingen mail, hvis der bliver en tid ledig.',
    button: 'Fjern mig fra ventelisten',
    sending: 'Fjerner dig...',
    done: 'Du er fjernet fra ventelisten.',
    failed: 'Du kunne ikke fjernes lige nu. Prøv igen senere.',
  },
} as const;
