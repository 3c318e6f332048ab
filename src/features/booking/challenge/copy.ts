// Danish texts of the booking form's proof of work (the ALTCHA widget and its status line).

/** The widget's own texts (its `strings`); the code-challenge texts are never shown (no Sentinel). */
export const widgetStrings = {
  ariaLinkLabel: 'ALTCHA (åbner altcha.org)',
  cancel: 'Annuller',
  enterCode: 'Indtast koden',
  enterCodeAria: 'Indtast den kode, du hører. Tryk på mellemrum for at afspille lyden.',
  enterCodeFromImage: 'Indtast koden fra billedet for at fortsætte.',
  error: 'Tjekket mislykkedes. Klik på feltet for at prøve igen.',
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
  error: 'Robottjekket mislykkedes. Vi prøver igen, når du sender bookingen.',
  expired: 'Robottjekket er udløbet. Et nyt tjek kører i baggrunden.',
  code: '',
} as const;

/** The submit button while the booking waits for the check to finish. */
export const waitingForChallenge = 'Venter på robottjekket...';

/** When the check cannot run (the challenge could not be fetched, or the browser cannot solve it). */
export const challengeFailed = {
  title: 'Robottjekket kunne ikke gennemføres',
  description:
    'Tjek din internetforbindelse, og send bookingen igen. Bliver det ved, så ring til os, så booker vi tiden.',
} as const;
