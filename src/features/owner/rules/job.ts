/**
 * What the phone booking offers besides the package: the owner's sizes, size prices and add-ons as
 * the signed-in owner reads them from the database (active rows, by RLS), shaped for the site's one
 * copy of the job's rule in the browser (~/lib/job: the sizes and add-ons a package offers, the
 * whole job's price and length). The booking itself is priced by public.booking_job;
 * supabase/tests/owner-job-catalogue.test.ts holds the page's quote from these rows to it.
 */
import type { Addon, CarSize, JobPackage } from '~/lib/job';

/** A package the owner can book, with what the job's rule needs of it. */
export interface CataloguePackage extends JobPackage {
  name: string;
}

export interface JobCatalogue {
  packages: ReadonlyMap<string, CataloguePackage>;
  /** In the owner's order (sort_order, then code). */
  sizes: readonly CarSize[];
  /** In the owner's order (sort_order, then name), each with the packages it fits. */
  addons: readonly Addon[];
}

/** The rows as PostgREST answers them (a numeric column may come as a number or a string). */
export interface CatalogueRows {
  services: {
    id: string;
    name: string;
    price: number | string;
    duration_minutes: number | string;
  }[];
  car_sizes: {
    code: string;
    name: string;
    description: string;
    sort_order: number | string;
    is_standard: boolean;
  }[];
  service_size_prices: {
    service_id: string;
    car_size: string;
    price: number | string;
    extra_minutes: number | string;
  }[];
  addons: {
    id: string;
    name: string;
    description: string;
    price: number | string;
    duration_minutes: number | string;
    sort_order: number | string;
  }[];
  addon_services: { addon_id: string; service_id: string }[];
}

const byOrder =
  <T>(key: (row: T) => [number, string]) =>
  (a: T, b: T) => {
    const [x, p] = key(a);
    const [y, q] = key(b);
    return x - y || (p < q ? -1 : p > q ? 1 : 0);
  };

export function catalogueOf(rows: CatalogueRows): JobCatalogue {
  return {
    packages: new Map(
      rows.services.map((s) => [
        s.id,
        {
          id: s.id,
          name: s.name,
          price: Number(s.price),
          durationMinutes: Number(s.duration_minutes),
          sizePrices: rows.service_size_prices
            .filter((p) => p.service_id === s.id)
            .map((p) => ({
              carSize: p.car_size,
              price: Number(p.price),
              extraMinutes: Number(p.extra_minutes),
            })),
        },
      ]),
    ),
    sizes: [...rows.car_sizes].sort(byOrder((s) => [Number(s.sort_order), s.code])).map((s) => ({
      code: s.code,
      name: s.name,
      description: s.description,
      isStandard: s.is_standard,
    })),
    addons: [...rows.addons].sort(byOrder((a) => [Number(a.sort_order), a.name])).map((a) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      price: Number(a.price),
      minutes: Number(a.duration_minutes),
      serviceIds: rows.addon_services.filter((x) => x.addon_id === a.id).map((x) => x.service_id),
    })),
  };
}
