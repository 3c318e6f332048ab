// Prices are written in two places that cannot share a module: the pages and the booking form
// (browser, src/lib/format.ts formatPrice) and the e-mails and the owner's calendar (Deno,
// supabase/functions/_shared/email/format.ts danishPrice). A price is whole kroner (services.price
// is numeric, whole and 1..1000000 by its check; a booking keeps it as an integer); this test
// fails when the two write one differently.
import { describe, expect, it } from 'vitest';
import { formatPrice } from '../../src/lib/format.ts';
import { danishPrice } from '../functions/_shared/email/format.ts';

/** Every digit count a price can have, the thousands edges and a few ordinary prices. */
const PRICES = [
  0, 1, 9, 10, 99, 100, 199, 349, 999, 1000, 1001, 1800, 3600, 9999, 10_000, 12_345, 99_999,
  100_000, 999_999, 1_000_000, 1_234_567, 2_147_483_647,
];

describe('prices on the pages and in the e-mails', () => {
  it('are written the same way for every whole-kroner price', () => {
    for (const kroner of PRICES) expect(danishPrice(kroner), `${kroner}`).toBe(formatPrice(kroner));
  });

  it('are the words a Danish reader expects', () => {
    expect(formatPrice(1800)).toBe('1.800 kr.');
    expect(danishPrice(1_234_567)).toBe('1.234.567 kr.');
    expect(danishPrice(199)).toBe('199 kr.');
  });
});
