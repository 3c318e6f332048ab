// Danish texts of the booking form's proof of work (the ALTCHA widget and its status line).

/** The widget's own texts (its `strings`); the code-challenge texts are never shown (no Sentinel). */
export const widgetStrings = {
  ariaLinkLabel: 'ALTCHA (åbner altcha.org)',
  cancel: 'Annuller',
  enterCode: 'Indtast koden',
  enterCodeAria: 'Indtast den kode, du hører. Tryk på mellemrum for at afspille lyden.',
  enterCodeFromImage: 'Indtast koden fra billedet for at fortsætte.',
  // the widget fails only when our server cannot be reached or answers wrongly (or the browser
  // cannot run the check): never the visitor's doing, so it never reads as his
  error: 'Fejl hos os: robottjekket kunne ikke hentes. Klik her for at prøve igen.',
  expired: 'Tjekket er udløbet. Klik på feltet for at tage et nyt.',
  footer: '',
  getAudioChallenge: 'Hør koden',
  label: 'Automatisk tjek af, at du ikke er en robot',
  loading: 'Indlæser...',
  reload: 'Hent et nyt tjek',
  verificationRequired: 'Tjekket skal være klaret, før du sender.',
  verified: 'Tjekket er klaret',
  verify: 'Tjek',
  verifying: 'Tjekker i baggrunden...',
  waitAlert: 'Tjekker... vent et øjeblik.',
} as const;

/** What the status line (role=status) says in each state of the widget. */
export const challengeStatus = {
  unverified: '',
  verifying: 'Robottjekket kører i baggrunden. Du kan udfylde formularen imens.',
  verified: 'Robottjekket er klaret.',
  error:
    'Robottjekket kunne ikke hentes fra vores server. Vi prøver igen, når du sender bookingen.',
  expired: 'Robottjekket er udløbet. Et nyt tjek kører i baggrunden.',
  code: '',
} as const;

/** The submit button while the booking waits for the check to finish. */
export const waitingForChallenge = 'Venter på robottjekket...';

/**
 * When the check cannot run on send: the challenge could not be fetched from our server, or came
 * back wrong. Said as our problem, with what to do (the toast's action is the phone).
 */
export const challengeFailed = {
  title: 'Robottjekket virker ikke lige nu',
  description:
    'Fejlen er hos os, ikke hos dig: vores server svarer ikke på robottjekket. Send bookingen igen om lidt, eller ring til os, så booker vi tiden.',
} as const;
