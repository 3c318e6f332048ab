/**
 * THE BUSINESS FACTS: the one module for the workshop's identity (name, legal name, phones, e-mail,
 * address, CVR, social links) on every page, in the JSON-LD and in the privacy policy.
 *
 * PLACEHOLDERS: the spec gives no name, numbers or e-mail, so the values below are placeholders
 * until the owner's real ones are filled in here. While any is left, `npm run build` prints one
 * warning line and `npm run check:live` lists them (./business-placeholders.ts decides which).
 * The e-mails' copy, supabase/functions/_shared/email/business.ts, must be changed with this file
 * (supabase/tests/email-render.test.ts fails while the two differ).
 */
export interface PhoneNumber {
  /** As shown to the visitor. */
  display: string;
  /** As dialled, for tel: links (E.164). */
  e164: string;
}

/** A calendar month: the year and the month, 1 (January) to 12. */
export interface YearMonth {
  year: number;
  month: number;
}

export const business = {
  name: 'Glanspunkt',
  legalName: 'Glanspunkt v/ Indehaver (enkeltmandsvirksomhed)',
  tagline: 'Bilpleje og detailing i Kolding',
  blurb:
    'Professionel bilpleje i Kolding: vask, polering, nano-keramisk coating og fælgbehandling. Alt arbejde udføres i vores eget værksted med godkendte, pH-neutrale produkter.',
  /** Shown in the header, the hero and the closing call-to-action. */
  phone: { display: '+45 12 34 56 78', e164: '+4512345678' } satisfies PhoneNumber,
  /** Shown in the footer (the spec has a second number there). */
  footerPhone: { display: '+45 87 65 43 21', e164: '+4587654321' } satisfies PhoneNumber,
  email: 'kontakt@glanspunkt.example',
  address: {
    street: 'Virkelyst 7B',
    postalCode: '6000',
    city: 'Kolding',
    country: 'DK',
  },
  /** Det Centrale Virksomhedsregister number (placeholder). */
  cvr: '12345678',
  /**
   * When the workshop was founded (August 2024): every age and founding month the pages state is
   * derived from it (./founding.ts), the footer's copyright year and the JSON-LD too.
   */
  founded: { year: 2024, month: 8 } satisfies YearMonth,
  /** The promise of how fast a call-back or e-mail is answered, in hours (stated on several pages). */
  replyWithinHours: 24,
  serviceArea: ['Kolding', 'Vejle', 'Fredericia'],
  /** Map position of the workshop for search engines (approximate: check it on a map). */
  geo: { latitude: 55.5018, longitude: 9.4997 },
  /**
   * The phone is answered in the opening hours (database) of these ISO weekdays; the footer's
   * (the workshop's) whenever the workshop is open. What each is for is said where it is shown
   * (layoutText.footerPhoneLabel, contactContent): not here, in every page's first load.
   */
  phoneWeekdays: [1, 2, 3, 4, 5] as readonly number[],
  social: [
    { label: 'Facebook', href: 'https://www.facebook.com/' },
    { label: 'Instagram', href: 'https://www.instagram.com/' },
  ],
} as const;

export const addressLine = `${business.address.street}, ${business.address.postalCode} ${business.address.city}`;
export const telHref = (phone: PhoneNumber) => `tel:${phone.e164}`;
export const mailtoHref = `mailto:${business.email}`;
