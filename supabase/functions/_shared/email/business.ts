// COPY of the business facts in src/content/business.ts (the one module; change both together),
// as the e-mails show them. A copy because the functions are bundled from supabase/functions: an
// import of the site's module is not known to deploy with every Supabase CLI bundler.
// supabase/tests/email-render.test.ts fails while the two differ. `payment` copies
// src/content/payment.ts (the terms' words), checked by the same test.

export const WORKSHOP = {
  name: 'Glanspunkt',
  street: 'Virkelyst 7B',
  postalCode: '6000',
  city: 'Kolding',
  phone: { display: '+45 12 34 56 78', e164: '+4512345678' },
  email: 'kontakt@glanspunkt.example',
  /** How soon we answer a message on weekdays (the site's promise). */
  replyWithinHours: 24,
  payment: 'Du betaler, når du henter bilen: med betalingskort, MobilePay eller kontant.',
} as const;

export const WORKSHOP_ADDRESS = `${WORKSHOP.street}, ${WORKSHOP.postalCode} ${WORKSHOP.city}`;
