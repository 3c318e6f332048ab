import type { CreateBookingBody } from '../../supabase/functions/_shared/booking-body';
import { business } from './business';

/**
 * An optional one-line field of the form: the body key it posts, its element id, texts and input
 * hints. maxLength is the server's limit (customer-rules.ts OPTIONAL_TEXT_FIELDS), copied for the
 * input (content imports no values of the server); tests/features/booking/optional-fields.test.ts
 * fails when the two differ.
 */
export interface OptionalTextField {
  name: keyof CreateBookingBody;
  id: string;
  label: string;
  placeholder: string;
  maxLength: number;
  autoCapitalize?: 'characters';
  spellCheck?: false;
}

/**
 * Every text of the booking form on /contact. The toast and message texts are the spec's own
 * (sections 4, 5 and 8) and must stay word for word.
 */
export const bookingCopy = {
  heading: 'Book din tid',
  intro:
    'Vælg service, dato og tidspunkt. Din booking bekræftes med det samme, og du får detaljerne på e-mail.',
  service: {
    label: 'Service',
    placeholder: 'Vælg en service',
    loading: 'Indlæser services...',
    /** The list's groups, in this order (services.category); names in name order inside each. */
    groups: { vask: 'Vask', polering: 'Polering', special: 'Specialopgaver' },
  },
  date: {
    label: 'Dato',
    placeholder: 'Vælg en dato',
    needsService: 'Vælg først en service',
    calendarLabel: 'Vælg dato',
    calendarLoading: 'Indlæser kalender...',
    /**
     * In the popover while the calendar cannot be read: the failure itself is told once, by the
     * form's notice or the spec's toast, so the picker only says what it waits for.
     */
    calendarWaiting: 'Kalenderen vises her, så snart vi kan hente den.',
    fullDay: 'fuldt booket',
    fullLegend: 'Rødt overstregede dage er fuldt booket for den valgte service.',
    /** The offer under a chosen day without a free time: one tap takes it. */
    nextFree: 'Næste ledige tid',
    nextFreeNone:
      'Der er ingen ledige tider senere i bookingvinduet. Ring til os, så finder vi en tid.',
  },
  /** Said once, in the form, while the booking system cannot be reached (the toasts stay too). */
  outage: {
    before: 'Online booking virker ikke lige nu – ring ',
    after: ', så booker vi dig.',
    retrying:
      'Dine valg er gemt, og formularen virker igen af sig selv, når forbindelsen er tilbage.',
  },
  time: {
    label: 'Tidspunkt',
    placeholder: 'Vælg et tidspunkt',
    loading: 'Indlæser tider...',
    needsDate: 'Vælg først en dato',
    none: 'Ingen ledige tider',
    readyAt: 'Klar til afhentning',
    sameDay: 'samme dag',
    /** The day's only free time, chosen for the visitor; when it is ready, if the server said. */
    onlyTime: (time: string, ready: string | null) =>
      `Eneste mulige tid den dag – bilen afleveres kl. ${time}.` +
      (ready ? ` Klar til afhentning ${ready}.` : ''),
    multiDay: (time: string, ready: string) =>
      `Arbejdet tager mere end én dag, så bilen afleveres kl. ${time}, når vi åbner. Klar til afhentning ${ready}.`,
  },
  job: {
    size: 'Bilens størrelse',
    addons: 'Tilvalg (valgfrit)',
    /** The price of the whole job, shown before a time is chosen. */
    quote: 'Pris for jobbet',
    vat: 'inkl. moms',
    /** '+ 299 kr.' beside an add-on. */
    plus: '+',
  },
  summary: {
    heading: 'Oversigt',
    service: 'Service',
    date: 'Dato',
    time: 'Aflevering',
    duration: 'Varighed',
    price: 'Pris',
    readyAt: 'Klar til afhentning',
    /** Once under the summary (prices to consumers include VAT). */
    vat: 'Alle priser er inkl. moms.',
  },
  fields: {
    name: { label: 'Navn', placeholder: 'Dit fulde navn' },
    // "Fx": an example, not a number already filled in
    phone: { label: 'Telefon', placeholder: 'Fx 20 12 34 56' },
    email: { label: 'Email', placeholder: 'Fx navn@email.dk' },
    sms: {
      label: 'Send mig SMS',
      hint: 'Bekræftelse, påmindelse og ændringer også på SMS (kun danske mobilnumre).',
    },
    notes: { label: 'Bemærkninger (valgfrit)', placeholder: 'Fx bilmærke, model eller ønsker' },
    honeypot: 'Lad dette felt være tomt',
    /** The optional one-line fields, in the form's order after the required ones. */
    optional: [
      {
        name: 'carPlate',
        id: 'booking-car-plate',
        label: 'Nummerplade (valgfrit)',
        placeholder: 'Fx AB 12 345',
        maxLength: 20,
        autoCapitalize: 'characters',
        spellCheck: false,
      },
    ] satisfies readonly OptionalTextField[] as readonly OptionalTextField[],
  },
  submit: 'Book tid',
  submitting: 'Opretter booking...',
  /** The second line of every refusal and "try later" message: book by phone now. */
  callToBook: `Ring og book: ${business.phone.display}`,
  confirmation: {
    bookAgain: 'Book en tid mere',
    price: 'Pris',
    vat: 'inkl. moms',
    heading: 'Din booking er bekræftet',
    body: 'Bookingen er bekræftet med det samme. Du modtager alle detaljer på e-mail.',
    reference: 'Bookingnummer',
    dropOff: 'Aflevering',
    readyAt: 'Klar til afhentning',
    /** Beside the workshop's address (where the car is dropped off) and how payment works. */
    address: 'Adresse',
    payment: 'Betaling',
    calendar: {
      heading: 'Sæt tiden i din kalender',
      ics: 'Hent kalenderfil (.ics)',
      google: 'Tilføj til Google Kalender',
      outlook: 'Tilføj til Outlook',
    },
  },
  toasts: {
    loadServices: { title: 'Fejl', description: 'Kunne ikke indlæse services. Prøv igen senere.' },
    loadSlots: {
      title: 'Fejl',
      description: 'Kunne ikke indlæse ledige tider. Prøv igen senere.',
    },
    bookingFailed: { title: 'Fejl ved booking', fallback: 'Der opstod en fejl. Prøv igen senere.' },
    missing: { title: 'Manglende oplysninger', description: 'Vælg venligst service, dato og tid.' },
    success: {
      title: 'Booking bekræftet!',
      description: 'Din booking er oprettet. Du modtager en bekræftelse på email.',
    },
  },
} as const;
