/**
 * Every text of the owner's tool on /ejer (src/features/owner): sign-in, the day's cars, the
 * status buttons and their confirmation, undo, the phone booking, move, cancel, and every refusal
 * in Danish. Loaded with the tool, never with a public page.
 */
export const ownerCopy = {
  signIn: {
    heading: 'Log ind',
    intro: 'Skriv din e-mailadresse. Du får en kode på 6 cifre på mail.',
    email: 'E-mailadresse',
    sendCode: 'Send kode',
    sending: 'Sender kode...',
    codeSent: (email: string) => `Vi har sendt en kode til ${email}. Koden gælder i 10 minutter.`,
    code: 'Kode fra mailen',
    codeHint: '6 cifre',
    verify: 'Log ind',
    verifying: 'Logger ind...',
    resend: 'Send en ny kode',
    resendIn: (seconds: number) => `Du kan bede om en ny kode om ${seconds} sekunder.`,
    otherEmail: 'Brug en anden adresse',
    checking: 'Tjekker om du er logget ind...',
  },
  signedInAs: (name: string) => `Logget ind som ${name}`,
  signOut: 'Log ud',
  signingOut: 'Logger ud...',
  day: {
    today: 'I dag',
    tomorrow: 'I morgen',
    pick: 'Vælg dag',
    pickLabel: 'Vælg en dag',
    choose: 'Vis dag',
    loading: 'Henter dagens biler...',
    none: 'Ingen biler denne dag.',
    closed: 'Lukket denne dag.',
    hours: (opens: string, closes: string) => `Åbent ${opens}–${closes}`,
    count: (n: number) => (n === 1 ? '1 bil' : `${n} biler`),
    refresh: 'Opdater',
    failed: 'Dagen kunne ikke hentes.',
    retry: 'Prøv igen',
  },
  offline: (time: string) => `Sidst opdateret kl. ${time} – ingen forbindelse, prøver igen`,
  offlineStored: (time: string) =>
    `Gemt kl. ${time} – ikke opdateret siden. Ingen forbindelse, prøver igen`,
  car: {
    dropOff: 'Aflevering',
    ready: 'Klar',
    package: 'Pakke',
    plate: 'Nummerplade',
    phone: 'Telefon',
    email: 'E-mail',
    notes: 'Bemærkninger',
    reference: 'Booking',
    size: 'Størrelse',
    addons: 'Tilvalg',
    price: 'Pris',
    /** The whole price of the job as booked (prices are stated with VAT). */
    priceWithVat: (price: string) => `${price} inkl. moms`,
    status: 'Status',
    byPhone: 'Telefonbooking',
    noShows: (n: number) =>
      n === 1
        ? 'Udeblevet 1 gang de seneste 12 måneder – overvej at ringe og bekræfte.'
        : `Udeblevet ${n} gange de seneste 12 måneder – overvej at ringe og bekræfte.`,
    messages: 'Beskeder',
    noMessages: 'Ingen beskeder',
    move: 'Flyt',
    cancel: 'Aflys',
    more: 'Mere',
  },
  roles: {
    aflevering: 'Aflevering',
    arbejde: 'I arbejde',
    venter: 'Venter (lukket dag)',
    'klar til afhentning': 'Klar til afhentning',
    'aflevering og afhentning': 'Aflevering og afhentning',
  },
  /** The button that sets the status, by the status it sets. */
  actions: {
    arrived: 'Ankommet',
    ready: 'Klar',
    collected: 'Afhentet',
    no_show: 'Udeblevet',
  },
  busy: 'Gemmer...',
  message: {
    channel: { email: 'Mail', sms: 'SMS' },
    status: {
      pending: 'venter',
      sent: 'sendt',
      failed: 'fejlede',
      cancelled: 'ikke sendt',
    },
    due: (time: string) => `sendes kl. ${time}`,
    sentAt: (time: string) => `kl. ${time}`,
    /** A kind without a name below (never the outbox's own word). */
    otherKind: 'Besked',
    /** By the outbox's kind (an SMS's kind without its `sms_`). */
    kinds: {
      booking_confirmation: 'Bekræftelse',
      booking_reconfirmed: 'Bekræftet igen',
      booking_reminder: 'Påmindelse',
      booking_moved: 'Flytning',
      cancellation_confirmation: 'Aflysning',
      car_ready: 'Bilen er klar',
      car_ready_time: 'Ny færdigtid',
    } as Record<string, string>,
  },
  confirm: {
    title: (action: string, plate: string) => `${action}: ${plate}?`,
    /** `minutes`: the undo window of the last change's answer, null before the first one. */
    notifies: (minutes: number | null) =>
      `Kunden får besked om, at bilen er klar, ${minutes === null ? 'om få minutter' : minutes === 1 ? 'om 1 minut' : `om ${minutes} minutter`}. Fortryder du inden da, får kunden ingen besked.`,
    yes: (action: string) => `Ja, ${action.toLowerCase()}`,
    no: 'Nej, tilbage',
  },
  /** The toast after a change that messages the customer: when, from the answer's undo window. */
  willNotify: (minutes: number) =>
    `Kunden får besked om, at bilen er klar, om ${minutes === 1 ? '1 minut' : `${minutes} minutter`}.`,
  changed: (plate: string, status: string) => `${plate}: ${status}`,
  undo: 'Fortryd',
  undone: (plate: string) => `${plate}: ændringen er fortrudt`,
  phoneBooking: {
    open: 'Ny telefonbooking',
    title: 'Ny telefonbooking',
    intro: 'Book en kunde, der ringer eller kommer forbi.',
    service: 'Pakke',
    servicePlaceholder: 'Vælg en pakke',
    size: 'Bilens størrelse',
    sizeOption: (name: string, price: string) => `${name} – ${price}`,
    addons: 'Tilvalg (valgfrit)',
    addonOption: (name: string, price: string, duration: string | null) =>
      `${name} (+${price}${duration ? `, ${duration}` : ''})`,
    /** The whole job: the package for the size plus the add-ons. */
    total: (price: string, duration: string) => `I alt ${price} inkl. moms · ${duration}`,
    catalogueLoading: 'Henter størrelser og tilvalg...',
    catalogueFailed:
      'Størrelser og tilvalg kunne ikke hentes. Du kan booke en almindelig personbil uden tilvalg, eller lukke og prøve igen.',
    name: 'Kundens navn',
    phone: 'Telefon',
    email: 'E-mail (valgfri)',
    emailHint: 'Med e-mail får kunden bekræftelse og påmindelse.',
    plate: 'Nummerplade (valgfri)',
    notes: 'Bemærkninger (valgfri)',
    submit: 'Book tiden',
    submitting: 'Booker...',
    booked: (reference: string, when: string) => `Booket: ${reference}, ${when}`,
    existed: (reference: string) => `Bookingen ${reference} var allerede lavet`,
    close: 'Luk',
    chooseTime: 'Vælg pakke, dato og tidspunkt.',
  },
  move: {
    title: (plate: string) => `Flyt ${plate}`,
    intro: (when: string) => `Nu: ${when}. Vælg en ny dato og et nyt tidspunkt.`,
    submit: 'Flyt bookingen',
    submitting: 'Flytter...',
    moved: (plate: string, when: string) => `${plate} er flyttet til ${when}`,
  },
  cancel: {
    title: (plate: string) => `Aflys ${plate}?`,
    body: (name: string, when: string) =>
      `${name}, ${when}. Tiden bliver ledig med det samme. Har kunden en e-mailadresse, får kunden en afbestillingsmail.`,
    yes: 'Ja, aflys bookingen',
    no: 'Nej, behold den',
    cancelling: 'Aflyser...',
    cancelled: (plate: string) => `${plate} er aflyst`,
  },
  noPlate: 'Uden nummerplade',
  close: 'Luk',
  errors: {
    notAllowed:
      'Denne e-mailadresse kan ikke logge ind her. Brug den adresse, der står på ejerlisten.',
    invalidEmail: 'Skriv en gyldig e-mailadresse, f.eks. navn@firma.dk.',
    rateLimited: (seconds: number | null) =>
      seconds === null
        ? 'For mange forsøg lige nu. Vent lidt, og prøv igen.'
        : `Der er lige sendt en kode. Vent ${seconds} sekunder, før du beder om en ny.`,
    wrongCode: 'Koden er forkert eller udløbet. Tjek koden i den nyeste mail, eller bed om en ny.',
    notOwner:
      'Denne adresse er ikke på ejerlisten og kan ikke bruge siden. Spørg den, der har sat siden op.',
    conflict:
      'Bilen er ændret et andet sted i mellemtiden. Dagen er hentet igen – se den nye status.',
    signedOut: 'Du er logget ud. Log ind igen.',
    offline: 'Ingen forbindelse. Prøv igen, når telefonen har net.',
    unavailable: 'Systemet svarer ikke lige nu. Prøv igen om lidt.',
    unknown: 'Noget gik galt. Prøv igen.',
  },
} as const;
