/**
 * How a booking is paid, in the words the terms, the confirmation and the confirmation e-mail use
 * (the e-mails' copy, supabase/functions/_shared/email/business.ts, is checked against it). Apart
 * from ./business.ts, which every page loads, so that only the pages that say it carry it.
 */
export const payment =
  'Du betaler, når du henter bilen: med betalingskort, MobilePay eller kontant.';
