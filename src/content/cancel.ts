import { bookingLinkCopy } from './booking-link';

/** Copy of the cancel page (/afbestil), reached from the link in the booking confirmation. */
export const cancelCopy = {
  ...bookingLinkCopy,
  meta: {
    title: 'Afbestil booking – Glanspunkt',
    description: 'Afbestil din booking hos Glanspunkt via linket fra din bekræftelse.',
  },
  heading: 'Afbestil booking',
  question: 'Vil du afbestille denne booking?',
  deadline: 'Du kan afbestille online indtil',
  cancel: 'Ja, afbestil booking',
  cancelling: 'Afbestiller...',
  keep: 'Nej, behold booking',
  /** While the booking may still be moved: to /flyt with the same link. */
  moveInstead: 'Flyt i stedet',
  done: {
    title: 'Din booking er afbestilt',
    body: 'Tiden er frigivet. Du modtager en bekræftelse på e-mail.',
  },
  invalid: {
    title: 'Linket virker ikke',
    body: 'Linket til afbestilling er ugyldigt. Tjek, at du har brugt hele linket fra din bekræftelse, eller ring til os.',
  },
  alreadyCancelled: {
    title: 'Bookingen er allerede afbestilt',
    body: 'Denne booking er allerede afbestilt. Du behøver ikke gøre mere.',
  },
  tooLate: {
    title: 'Fristen for online afbestilling er overskredet',
    body: 'Bookingen kan ikke længere afbestilles online. Ring til os, hvis du ikke kan komme.',
  },
} as const;
