/** The owner page's day: who waits for a free time on it ("Skriv mig op" on a full day). */
export const ownerWaitlistCopy = {
  title: 'Venteliste',
  count: (n: number) =>
    n === 1 ? '1 venter på en ledig tid denne dag' : `${n} venter på en ledig tid denne dag`,
  hint: 'Bliver der en tid ledig (aflysning, flytning, udeblevet), får de alle en mail med et link til at booke, og en SMS med linket, hvis de har givet deres telefonnummer.',
  /** One line of the list: the address, and the phone the SMS goes to. */
  entry: (email: string, phone: string | null) => (phone ? `${email}, SMS til ${phone}` : email),
} as const;
