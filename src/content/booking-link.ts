/**
 * Copy the two pages behind the links in the booking e-mails share (/afbestil and /flyt): waiting,
 * the booking's details, the failed lookup and the ways out. cancel.ts and reschedule.ts hold the
 * rest of each page's words.
 */
export const bookingLinkCopy = {
  loading: 'Henter din booking...',
  /** The booking's rows besides its job (booking-job.ts has the package, size, add-ons, price). */
  details: {
    reference: 'Bookingnummer',
    dropOff: 'Aflevering',
    readyAt: 'Klar til afhentning',
  },
  failed: {
    title: 'Der opstod en fejl',
    body: 'Der opstod en fejl. Prøv igen senere.',
    retry: 'Prøv igen',
  },
  /** A link a newer e-mail replaced: it says why, and where the working link is. */
  replaced: {
    moved: {
      title: 'Bookingen er flyttet',
      body: 'Linket er fra en ældre e-mail, og bookingen er flyttet siden. Brug linket i den nyeste e-mail fra os, eller ring til os.',
    },
    replaced: {
      title: 'Der er sendt et nyere link',
      body: 'Linket er fra en ældre e-mail. Brug linket i den nyeste e-mail fra os, eller ring til os.',
    },
  },
  bookAgain: 'Book en ny tid',
  call: 'Ring til os',
  home: 'Til forsiden',
} as const;
