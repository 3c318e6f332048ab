/**
 * "Skriv mig op" with an SMS too: the offer's optional phone field. Its own module, read only by
 * the offer's lazy chunk (waitlist.ts is also read by the booking form on first load).
 */
export const waitlistSmsCopy = {
  /** The optional phone: given, the one message also comes by SMS. */
  phoneLabel: 'Send mig også en SMS: dit mobilnummer (valgfrit)',
  phonePlaceholder: 'Fx 20 12 34 56',
  phoneHint:
    'Skriv dit mobilnummer, hvis du også vil have beskeden med linket på SMS. Lad feltet stå tomt, så får du kun en mail. SMS sendes kun til danske mobilnumre.',
  joined: (day: string) =>
    `Du er skrevet op til ${day}. Vi sender dig en mail og en SMS, hvis der bliver en tid ledig.`,
} as const;
