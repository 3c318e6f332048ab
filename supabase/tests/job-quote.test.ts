// The two copies of a job's price and length: the database's booking_job, which every offered
// time and every booking uses, and the browser's jobQuote (src/lib/job.ts), which shows the price
// before a time is chosen. For every package, every size and every set of add-ons the seed has
// (and some the packages do not offer), the two must say the same, or both refuse. Runs on PGlite
// and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { jobQuote, type Addon, type CarSize, type JobPackage } from '../../src/lib/job.ts';
import { BACKENDS, withRollback } from './helpers/sql.ts';

/** Every subset of a list (the add-ons: 2^4 with the seed's four). */
const subsets = <T>(items: readonly T[]): T[][] =>
  items.reduce<T[][]>((all, item) => [...all, ...all.map((s) => [...s, item])], [[]]);

describe.each(BACKENDS)('the browser prices a job as the database does on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('for every package, size and set of add-ons', () =>
    withRollback(t, async (tx) => {
      // the owner's data as the site reads it (the active rows)
      const packages = await tx.rows<JobPackage>(
        `select s.id, s.price::int price, s.duration_minutes::int "durationMinutes",
                coalesce((select jsonb_agg(jsonb_build_object('carSize', p.car_size,
                            'price', p.price::int, 'extraMinutes', p.extra_minutes::int))
                            from public.service_size_prices p where p.service_id = s.id), '[]') "sizePrices"
           from public.services s where s.is_active order by s.name`,
      );
      const sizes = await tx.rows<CarSize>(
        `select code, name, description, is_standard "isStandard" from public.car_sizes
          where is_active order by sort_order, code`,
      );
      const addons = await tx.rows<Addon>(
        `select a.id, a.name, a.description, a.price::int price, a.duration_minutes::int minutes,
                array(select x.service_id::text from public.addon_services x where x.addon_id = a.id) "serviceIds"
           from public.addons a where a.is_active order by a.sort_order, a.name`,
      );
      expect(packages.length).toBeGreaterThan(0);
      expect(sizes.length).toBeGreaterThan(1);
      expect(addons.length).toBeGreaterThan(1);
      let compared = 0;
      let refused = 0;
      for (const pkg of packages) {
        for (const size of [...sizes.map((s) => s.code), '', 'ukendt']) {
          for (const chosen of subsets(addons.map((a) => a.id))) {
            const browser = jobQuote(pkg, { carSize: size, addonIds: chosen }, sizes, addons);
            const { j } = await tx.one<{ j: Record<string, unknown> }>(
              'select public.booking_job($1, $2, $3::uuid[]) j',
              [pkg.id, size, chosen],
            );
            const label = `${pkg.id} ${size || '(standard)'} [${chosen.length} add-ons]`;
            if (browser === null) {
              refused += 1;
              expect(j, label).toHaveProperty('error');
              continue;
            }
            compared += 1;
            expect(
              {
                carSize: j.carSize,
                packagePrice: j.packagePrice,
                packageMinutes: j.packageMinutes,
                addons: (j.addons as { id: string }[]).map((a) => a.id),
                price: j.price,
                minutes: j.minutes,
              },
              label,
            ).toEqual({
              carSize: browser.size.code,
              packagePrice: browser.packagePrice,
              packageMinutes: browser.packageMinutes,
              addons: browser.addons.map((a) => a.id),
              price: browser.price,
              minutes: browser.minutes,
            });
          }
        }
      }
      // both kinds were met: offered jobs and refused ones
      expect(compared).toBeGreaterThan(100);
      expect(refused).toBeGreaterThan(50);
    }));
});
