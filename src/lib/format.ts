/** Danish display formats shared by the content pages and the booking form. */

/** A duration: minutes below 90 minutes, otherwise whole hours (rounded) with 'timer'. */
export function formatDuration(minutes: number): string {
  if (minutes < 90) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  return `${hours} timer`;
}

let dkk: Intl.NumberFormat | undefined;

/**
 * A price in whole Danish kroner, e.g. 1800 -> '1.800 kr.', as `Intl.NumberFormat('da-DK')`
 * writes it. Whole kroner (the database's `price integer check (price >= 0)`) are grouped by hand:
 * creating the Intl formatter loads ICU's Danish number data, about 20 ms of main thread (80 ms
 * under a 4x slower CPU) that every page paid when this module was evaluated. Anything else
 * still goes to Intl, created when first needed. The e-mails write prices with their own copy
 * (supabase/functions/_shared/email/format.ts danishPrice); supabase/tests/danish-prices.test.ts
 * fails when the two disagree.
 */
export function formatPrice(kroner: number): string {
  const text = String(kroner);
  return `${
    /^\d+$/.test(text)
      ? text.replace(/\B(?=(\d{3})+$)/g, '.')
      : (dkk ??= new Intl.NumberFormat('da-DK', { maximumFractionDigits: 2 })).format(kroner)
  } kr.`;
}
