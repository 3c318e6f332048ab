// The owner's sizes, size prices and add-ons as the phone booking reads them (rows of the
// database, active ones by RLS), shaped for the site's job rule (~/lib/job, tested with the form);
// supabase/tests/owner-job-catalogue.test.ts holds the quote from these rows to public.booking_job.
import { describe, expect, it } from 'vitest';
import { addonsFor, jobQuote, sizePricesFor } from '~/lib/job';
import { catalogueOf } from '~/features/owner/rules/job';
import {
  CATALOGUE_ROWS,
  GULD,
  HUNDEHAAR,
  LAEDERCREME,
  MOTORVASK,
  SOLV,
} from '../fixtures/catalogue';

const catalogue = catalogueOf(CATALOGUE_ROWS);
const guld = catalogue.packages.get(GULD)!;
const solv = catalogue.packages.get(SOLV)!;

describe('the phone booking’s catalogue', () => {
  it('keeps the owner’s order of sizes and add-ons, and reads numbers sent as text', () => {
    expect(catalogue.sizes.map((s) => s.code)).toEqual(['almindelig', 'stor-bil', 'varebil']);
    expect(catalogue.addons.map((a) => a.name)).toEqual([
      'Motorvask',
      'Lædercreme',
      'Hundehårsfjernelse',
    ]);
    expect(solv).toEqual({
      id: SOLV,
      name: 'Sølvpakken',
      price: 199,
      durationMinutes: 30,
      sizePrices: [
        { carSize: 'stor-bil', price: 249, extraMinutes: 15 },
        { carSize: 'varebil', price: 299, extraMinutes: 30 },
      ],
    });
  });

  it('offers each package its own sizes and add-ons, priced as the owner priced them', () => {
    expect(sizePricesFor(guld, catalogue.sizes).map((s) => [s.size.code, s.price])).toEqual([
      ['almindelig', 399],
      ['stor-bil', 499],
    ]);
    expect(addonsFor(guld, catalogue.addons).map((a) => a.id)).toEqual([MOTORVASK, LAEDERCREME]);
    expect(addonsFor(solv, catalogue.addons).map((a) => a.id)).toEqual([MOTORVASK, HUNDEHAAR]);
    expect(
      jobQuote(
        guld,
        { carSize: 'stor-bil', addonIds: [LAEDERCREME, MOTORVASK] },
        catalogue.sizes,
        catalogue.addons,
      ),
    ).toMatchObject({ price: 499 + 349 + 299, minutes: 150 + 45 + 30 });
    // an add-on without bay time adds its price only
    expect(
      jobQuote(
        solv,
        { carSize: 'varebil', addonIds: [HUNDEHAAR] },
        catalogue.sizes,
        catalogue.addons,
      ),
    ).toMatchObject({ price: 299 + 249, minutes: 60 });
    expect(
      jobQuote(guld, { carSize: 'varebil', addonIds: [] }, catalogue.sizes, catalogue.addons),
    ).toBeNull();
  });
});
