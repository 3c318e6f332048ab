/**
 * Copy both pages behind the links in the booking e-mails share (/afbestil and /flyt): the
 * booking's details, the waiting and failure texts and the ways out.
 */
export const bookingLinkCopy = {
  loading: 'Henter din booking...',
  details: {
    reference: 'Bookingnummer',
    service: 'Service',
    dropOff: 'Aflevering',
    readyAt: 'Klar til afhentning',
    price: 'Pris',
  },
  failed: {
    title: 'Der opstod en fejl',
    body: 'Der opstod en fejl. Prøv igen senere.',
    retry: 'Prøv igen',
  },
  bookAgain: 'Book en ny tid',
  call: 'Ring til os',
  home: 'Til forsiden',
} as const;
