import { bookingLinkCopy } from './booking-link';

/** Copy of the move page (/flyt), reached from the "Flyt booking" link in the booking e-mails. */
export const rescheduleCopy = {
  ...bookingLinkCopy,
  meta: {
    title: 'Flyt booking – Glanspunkt',
    description: 'Flyt din booking hos Glanspunkt til en anden tid via linket fra din bekræftelse.',
  },
  heading: 'Flyt booking',
  current: 'Din nuværende tid',
  choose: 'Vælg en ny tid',
  chooseHint: 'Du kan vælge blandt de samme ledige tider som ved booking.',
  deadline: 'Du kan flytte online indtil',
  movesLeft: (n: number) =>
    n === 1
      ? 'Du kan flytte bookingen online 1 gang mere.'
      : `Du kan flytte bookingen online ${n} gange mere.`,
  newTime: 'Ny tid',
  submit: 'Flyt booking',
  submitting: 'Flytter booking...',
  keep: 'Behold min tid',
  done: {
    title: 'Din booking er flyttet',
    body: 'Du modtager en ny bekræftelse på e-mail med den nye tid og en opdateret kalenderfil. Linkene i din tidligere e-mail virker ikke længere.',
    previous: 'Tidligere tid',
  },
  invalid: {
    title: 'Linket virker ikke',
    body: 'Linket til at flytte bookingen er ugyldigt eller forældet. Brug linket i den seneste e-mail fra os, eller ring til os.',
  },
  cancelled: {
    title: 'Bookingen er afbestilt',
    body: 'Denne booking er afbestilt og kan ikke flyttes. Du er velkommen til at booke en ny tid.',
  },
  tooLate: {
    title: 'Fristen for at flytte online er overskredet',
    body: 'Bookingen kan ikke længere flyttes online. Ring til os, hvis du har brug for en anden tid.',
  },
  moveLimit: {
    title: 'Bookingen kan ikke flyttes flere gange online',
    body: 'Bookingen er flyttet det største antal gange, der er muligt online. Ring til os, hvis du har brug for en anden tid.',
  },
  moveFailed: 'Bookingen blev ikke flyttet',
  /** Said once, above the date and time, while the booking system cannot be reached. */
  outage: {
    before: 'Flytning online virker ikke lige nu – ring ',
    after: ', så flytter vi din tid.',
    retrying:
      'Din nuværende tid gælder stadig, og siden virker igen af sig selv, når forbindelsen er tilbage.',
  },
} as const;
