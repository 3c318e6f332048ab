// Danish messages of the booking functions; the booking form shows the message of an answer as it
// is (it does not import this file, only customer-rules.ts, whose messages are spread in here). Every
// refusal that asks the visitor to wait gives the workshop's phone number as the way to book now.
import { CUSTOMER_MESSAGES } from './customer-rules.ts';
import { WORKSHOP } from './email/business.ts';

const PHONE = WORKSHOP.phone.display;

/** Danish messages the booking form shows as they are. */
export const MESSAGES = {
  badRequest: 'Ugyldig forespørgsel.',
  tooLarge: 'Forespørgslen er for stor.',
  unknownField: 'Forespørgslen indeholder ukendte felter.',
  service: 'Vælg en gyldig service.',
  date: 'Vælg en gyldig dato.',
  time: 'Vælg et gyldigt tidspunkt.',
  // the refusals of what the customer typed, which the form also shows at the field (customer-rules.ts)
  ...CUSTOMER_MESSAGES,
  carSize: 'Vælg en af de viste bilstørrelser til pakken.',
  addons: 'Vælg kun blandt de viste tilvalg til pakken, hvert højst én gang.',
  idempotencyKey: 'Ugyldig forespørgsel.',
  dateNotBookable: 'Den valgte dato kan ikke bookes. Vælg venligst en anden dato.',
  timeNotBookable: 'Det valgte tidspunkt kan ikke bookes. Vælg venligst et andet tidspunkt.',
  idempotencyMismatch:
    'Denne forespørgsel er allerede brugt til en anden booking. Genindlæs siden, og prøv igen.',
  slotTaken: 'Tidspunktet er desværre lige blevet booket. Vælg venligst et andet tidspunkt.',
  rateLimited: `For mange forsøg. Vent lidt, og prøv igen senere – eller ring til os på ${PHONE}, så booker vi tiden med det samme.`,
  busy: `Der kommer lige nu mange bookinger på én gang, så online booking holder en kort pause. Ring til os på ${PHONE}, så booker vi tiden med det samme.`,
  addressCap: `Der er allerede lavet mange bookinger fra din internetforbindelse i dag. Ring til os på ${PHONE}, så booker vi tiden med det samme.`,
  noShowCall: `Et job over flere dage kan vi ikke booke online på denne e-mailadresse eller dette telefonnummer. Ring til os på ${PHONE}, så finder vi en tid sammen.`,
  contactCap: `Du har allerede det antal bookinger, vi kan tage imod online på denne e-mailadresse eller dette telefonnummer. Ring til os på ${PHONE}, så hjælper vi dig.`,
  challengeMissing:
    'Formularens automatiske robottjek mangler. Vent et øjeblik, til tjekket er færdigt, og send igen.',
  challengeInvalid:
    'Formularens automatiske robottjek kunne ikke godkendes. Vent et øjeblik, til et nyt tjek er færdigt, og send igen.',
  challengeExpired:
    'Formularens automatiske robottjek er udløbet. Vent et øjeblik, til et nyt tjek er færdigt, og send igen.',
  challengeUsed:
    'Formularens automatiske robottjek er allerede brugt. Vent et øjeblik, til et nyt tjek er færdigt, og send igen.',
  challengeTooEasy:
    'Der kommer mange bookinger lige nu, så robottjekket skal tages om med en sværere opgave. Vent et øjeblik, til det nye tjek er færdigt, og send igen.',
  challengeUnavailable: `Robottjekket kan ikke hentes lige nu. Prøv igen om lidt, eller ring til os på ${PHONE}.`,
  // the waiting list of a full day (join-waitlist)
  waitlistDayNotFull:
    'Der er stadig ledige tider den dag. Vælg en af dem i stedet for at skrive dig op.',
  waitlistDayNotOffered: 'Den valgte dag kan ikke bookes, så du kan ikke skrive dig op til den.',
  waitlistListFull: `Ventelisten til den dag er fuld. Vælg en anden dag, eller ring til os på ${PHONE}.`,
  waitlistContactCap: `Du står allerede på ventelisten til 3 dage. Ring til os på ${PHONE}, så hjælper vi dig.`,
  waitlistAddressCap: `Der er skrevet mange op fra din internetforbindelse i dag. Ring til os på ${PHONE}, så hjælper vi dig.`,
  waitlistLeaveUnknown: 'Du står ikke (længere) på ventelisten. Listen slettes, når dagen er gået.',
  methodNotAllowed: 'Metoden er ikke tilladt.',
  internal: `Der opstod en fejl. Prøv igen senere, eller ring til os på ${PHONE}.`,
} as const;
