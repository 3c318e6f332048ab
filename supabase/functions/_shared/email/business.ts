// The workshop's facts as the e-mails show them. The same facts as src/content/business.ts (the
// edge functions cannot import the site's code); supabase/tests/email-render.test.ts keeps them equal.

export const WORKSHOP = {
  name: 'Glanspunkt',
  street: 'Virkelyst 7B',
  postalCode: '6000',
  city: 'Kolding',
  phone: { display: '+45 12 34 56 78', e164: '+4512345678' },
  email: 'kontakt@glanspunkt.example',
} as const;

export const WORKSHOP_ADDRESS = `${WORKSHOP.street}, ${WORKSHOP.postalCode} ${WORKSHOP.city}`;
