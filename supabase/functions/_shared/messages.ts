// Danish messages of the booking functions, shown to the visitor as they are. Dependency free, so
// the front end may import it too.

/** Danish messages the booking form shows as they are. */
export const MESSAGES = {
  badRequest: 'Ugyldig forespørgsel.',
  tooLarge: 'Forespørgslen er for stor.',
  unknownField: 'Forespørgslen indeholder ukendte felter.',
  service: 'Vælg en gyldig service.',
  date: 'Vælg en gyldig dato.',
  time: 'Vælg et gyldigt tidspunkt.',
  name: 'Navnet skal være mellem 2 og 100 tegn.',
  nameLetter: 'Navnet skal indeholde bogstaver.',
  forbiddenCharacter:
    'Teksten indeholder usynlige tegn eller kontroltegn, som vi ikke kan modtage. Skriv den venligst igen.',
  email: 'Indtast en gyldig e-mailadresse.',
  phone: 'Indtast et gyldigt telefonnummer (8-15 cifre).',
  notes: 'Bemærkninger må højst være 1000 tegn.',
  idempotencyKey: 'Ugyldig forespørgsel.',
  dateNotBookable: 'Den valgte dato kan ikke bookes. Vælg venligst en anden dato.',
  timeNotBookable: 'Det valgte tidspunkt kan ikke bookes. Vælg venligst et andet tidspunkt.',
  idempotencyMismatch:
    'Denne forespørgsel er allerede brugt til en anden booking. Genindlæs siden, og prøv igen.',
  slotTaken: 'Tidspunktet er desværre lige blevet booket. Vælg venligst et andet tidspunkt.',
  rateLimited: 'For mange forsøg. Vent lidt, og prøv igen senere.',
  methodNotAllowed: 'Metoden er ikke tilladt.',
  internal: 'Der opstod en fejl. Prøv igen senere.',
} as const;
