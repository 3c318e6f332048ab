// The /ejer phone booking shows a job's price and length before booking, worked out in the browser
// (~/lib/job, the form's rule) from the rows the signed-in owner reads (catalogueOf in
// src/features/owner/rules/job.ts); the booking itself is priced by public.booking_job. The two must
// agree: for every package, every car size and every set of add-ons, the page's quote is
// booking_job's answer (or, where booking_job refuses, no quote), with the seed's prices and after
// the owner has switched things off and priced anew. On PGlite and PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { catalogueOf, type CatalogueRows } from '../../src/features/owner/rules/job.ts';
import { jobQuote } from '../../src/lib/job.ts';
import { ADDON, BACKENDS, SERVICE, withRollback, type Tx } from './helpers/sql.ts';

/** The rows as the owner page reads them: as the signed-in user, through row-level security. */
async function ownerRows(tx: Tx): Promise<CatalogueRows> {
  await tx.exec('set local role authenticated');
  const rows: CatalogueRows = {
    services: await tx.rows('select id, name, price, duration_minutes from public.services'),
    car_sizes: await tx.rows(
      'select code, name, description, sort_order, is_standard from public.car_sizes',
    ),
    service_size_prices: await tx.rows(
      'select service_id, car_size, price, extra_minutes from public.service_size_prices',
    ),
    addons: await tx.rows(
      'select id, name, description, price, duration_minutes, sort_order from public.addons',
    ),
    addon_services: await tx.rows('select addon_id, service_id from public.addon_services'),
  };
  await tx.exec('reset role');
  return rows;
}

/** Every package, every size and every set of add-ons there is (switched off ones too). */
async function everyJob(tx: Tx) {
  const services = await tx.rows<{ id: string }>('select id from public.services order by id');
  const sizes = await tx.rows<{ code: string }>('select code from public.car_sizes order by code');
  const addons = (await tx.rows<{ id: string }>('select id from public.addons order by id')).map(
    (a) => a.id,
  );
  const sets = Array.from({ length: 2 ** addons.length }, (_, mask) =>
    addons.filter((_, i) => mask & (1 << i)),
  );
  return services.flatMap((s) =>
    [null, ...sizes.map((z) => z.code)].flatMap((size) =>
      sets.map((set) => ({ service: s.id, size, addons: set })),
    ),
  );
}

async function agree(tx: Tx): Promise<number> {
  const catalogue = catalogueOf(await ownerRows(tx));
  const jobs = await everyJob(tx);
  const answers = await tx.rows<{ j: Record<string, unknown> }>(
    `select public.booking_job((e ->> 'service')::uuid, e ->> 'size',
              array(select jsonb_array_elements_text(e -> 'addons'))::uuid[]) j
       from jsonb_array_elements($1::jsonb) with ordinality x(e, n) order by n`,
    [JSON.stringify(jobs)],
  );
  const differ = jobs.flatMap((job, i) => {
    const db = answers[i]!.j;
    // a package switched off is not among the rows: no quote, as booking_job refuses it
    const pkg = catalogue.packages.get(job.service);
    const quote =
      pkg &&
      jobQuote(
        pkg,
        { carSize: job.size ?? '', addonIds: job.addons },
        catalogue.sizes,
        catalogue.addons,
      );
    const expected =
      'error' in db
        ? null
        : {
            carSize: db.carSize,
            carSizeName: db.carSizeName,
            addons: (db.addons as { name: string }[]).map((a) => a.name),
            price: db.price,
            minutes: db.minutes,
          };
    const got = quote
      ? {
          carSize: quote.size.code,
          carSizeName: quote.size.name,
          addons: quote.addons.map((a) => a.name),
          price: quote.price,
          minutes: quote.minutes,
        }
      : null;
    return JSON.stringify(got) === JSON.stringify(expected)
      ? []
      : [`${JSON.stringify(job)}: page ${JSON.stringify(got)}, booking_job ${JSON.stringify(db)}`];
  });
  expect(differ).toEqual([]);
  return jobs.length;
}

describe.each(BACKENDS)("the owner page's job quote and booking_job on %s", (backend) => {
  const t = useTestDatabase({ backend });

  it('agree on every package, size and set of add-ons, before and after the owner changes them', async () => {
    await withRollback(t, async (tx) => {
      // 6 packages, the ordinary car by default and 3 sizes, 16 sets of the 4 add-ons
      expect(await agree(tx)).toBe(6 * 4 * 16);
      // a size and an add-on switched off, a package switched off, a new size priced for one
      // package without extra time, a price changed, an add-on fitted to another package
      await tx.rows(`update public.car_sizes set is_active = false where code = 'varebil'`);
      await tx.rows(`update public.addons set is_active = false where id = $1`, [ADDON.ozon]);
      await tx.rows(`update public.services set is_active = false where id = $1`, [
        SERVICE.premium,
      ]);
      await tx.rows(
        `insert into public.car_sizes (code, name, sort_order) values ('minibus', 'Minibus', 0)`,
      );
      await tx.rows(
        `insert into public.service_size_prices (service_id, car_size, price) values ($1, 'minibus', 650)`,
        [SERVICE.guld],
      );
      await tx.rows(`update public.addons set price = 199, sort_order = 9 where id = $1`, [
        ADDON.motorvask,
      ]);
      await tx.rows(`insert into public.addon_services (addon_id, service_id) values ($1, $2)`, [
        ADDON.hundehaar,
        SERVICE.guldPolering,
      ]);
      expect(await agree(tx)).toBe(6 * 5 * 16);
    });
  });
});
