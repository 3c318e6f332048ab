// The phone booking's job before booking: the sizes and add-ons a package offers, and the whole
// job's price and length from the owner's rows (the database prices the booking itself;
// supabase/tests/owner-job-catalogue.test.ts holds these answers to public.booking_job).
import { describe, expect, it } from 'vitest';
import {
  addonsFor,
  catalogueOf,
  quoteJob,
  sizesFor,
  standardSize,
} from '~/features/owner/rules/job';
import {
  CATALOGUE_ROWS,
  GULD,
  HUNDEHAAR,
  LAEDERCREME,
  MOTORVASK,
  SOLV,
} from '../fixtures/catalogue';

const catalogue = catalogueOf(CATALOGUE_ROWS);

describe('the job of a phone booking', () => {
  it('offers the ordinary car at the package’s own price, and only the sizes the package is priced for, in the owner’s order', () => {
    expect(standardSize(catalogue)).toBe('almindelig');
    expect(sizesFor(catalogue, GULD).map((s) => [s.code, s.price, s.minutes])).toEqual([
      ['almindelig', 399, 120],
      ['stor-bil', 499, 150],
    ]);
    expect(sizesFor(catalogue, SOLV).map((s) => [s.code, s.price, s.minutes])).toEqual([
      ['almindelig', 199, 30],
      ['stor-bil', 249, 45],
      ['varebil', 299, 60],
    ]);
    expect(sizesFor(catalogue, 'no-such-package')).toEqual([]);
  });

  it('offers the add-ons that fit the package, in the owner’s order', () => {
    expect(addonsFor(catalogue, GULD).map((a) => a.name)).toEqual(['Motorvask', 'Lædercreme']);
    expect(addonsFor(catalogue, SOLV).map((a) => a.name)).toEqual([
      'Motorvask',
      'Hundehårsfjernelse',
    ]);
  });

  it('prices and times the whole job: the package for the size plus the add-ons', () => {
    expect(quoteJob(catalogue, GULD, null, [])).toMatchObject({
      carSize: 'almindelig',
      carSizeName: 'Almindelig personbil',
      price: 399,
      minutes: 120,
    });
    const big = quoteJob(catalogue, GULD, 'stor-bil', [LAEDERCREME, MOTORVASK])!;
    expect([big.price, big.minutes]).toEqual([499 + 349 + 299, 150 + 45 + 30]);
    // the add-ons in the owner's order, whatever order they were ticked in
    expect(big.addons.map((a) => a.name)).toEqual(['Motorvask', 'Lædercreme']);
    // an add-on without bay time adds its price only
    expect(quoteJob(catalogue, SOLV, 'varebil', [HUNDEHAAR])).toMatchObject({
      price: 299 + 249,
      minutes: 60,
    });
  });

  it('has no price for what the package cannot be booked with, as the database refuses it', () => {
    expect(quoteJob(catalogue, GULD, 'varebil', [])).toBeNull();
    expect(quoteJob(catalogue, GULD, null, [HUNDEHAAR])).toBeNull();
    expect(quoteJob(catalogue, GULD, null, [MOTORVASK, MOTORVASK])).toBeNull();
    expect(quoteJob(catalogue, GULD, null, ['ad0d0001-0000-4000-8000-00000000ffff'])).toBeNull();
    expect(quoteJob(catalogue, 'no-such-package', null, [])).toBeNull();
  });
});
