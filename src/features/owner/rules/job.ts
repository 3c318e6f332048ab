/**
 * The job of a phone booking as the dialog shows it before booking: which car sizes and add-ons a
 * package can be booked with, and the whole job's price and length. The prices and minutes are the
 * owner's, read from the database (car_sizes, service_size_prices, addons, addon_services,
 * services); the arithmetic is public.booking_job's, which prices the booking itself: the booking
 * stores the database's answer, never this one. supabase/tests/owner-job-catalogue.test.ts fails
 * when the two disagree for any package, size and set of add-ons.
 */

export interface CatalogueSize {
  code: string;
  name: string;
  description: string;
  isStandard: boolean;
}

export interface CatalogueAddon {
  id: string;
  name: string;
  description: string;
  price: number;
  minutes: number;
}

/** What the owner has priced: the rows the signed-in owner may read (active ones, by RLS). */
export interface JobCatalogue {
  /** Package id -> its own price and minutes (the standard size's). */
  services: ReadonlyMap<string, { name: string; price: number; minutes: number }>;
  /** In the owner's order (sort_order, then code). */
  sizes: readonly CatalogueSize[];
  /** `${serviceId}:${size}` -> the package's whole price and extra minutes for that size. */
  sizePrices: ReadonlyMap<string, { price: number; extraMinutes: number }>;
  /** In the owner's order (sort_order, then name). */
  addons: readonly CatalogueAddon[];
  /** Add-on id -> the packages it fits. */
  addonServices: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The rows as PostgREST answers them (numeric columns may come as numbers or strings). */
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
  const fits = new Map<string, Set<string>>();
  for (const row of rows.addon_services) {
    if (!fits.has(row.addon_id)) fits.set(row.addon_id, new Set());
    fits.get(row.addon_id)!.add(row.service_id);
  }
  return {
    services: new Map(
      rows.services.map((s) => [
        s.id,
        { name: s.name, price: Number(s.price), minutes: Number(s.duration_minutes) },
      ]),
    ),
    sizes: [...rows.car_sizes].sort(byOrder((s) => [Number(s.sort_order), s.code])).map((s) => ({
      code: s.code,
      name: s.name,
      description: s.description,
      isStandard: s.is_standard,
    })),
    sizePrices: new Map(
      rows.service_size_prices.map((p) => [
        `${p.service_id}:${p.car_size}`,
        { price: Number(p.price), extraMinutes: Number(p.extra_minutes) },
      ]),
    ),
    addons: [...rows.addons].sort(byOrder((a) => [Number(a.sort_order), a.name])).map((a) => ({
      id: a.id,
      name: a.name,
      description: a.description,
      price: Number(a.price),
      minutes: Number(a.duration_minutes),
    })),
    addonServices: fits,
  };
}

/** The standard size's code (the ordinary car): the dialog's default. */
export function standardSize(catalogue: JobCatalogue): string | null {
  return catalogue.sizes.find((s) => s.isStandard)?.code ?? null;
}

/** A size as a package offers it: the package's whole price and minutes for that size. */
export interface SizeOffer extends CatalogueSize {
  price: number;
  minutes: number;
}

/**
 * The sizes a package can be booked for, in the owner's order: the standard size at the package's
 * own price and minutes, another one only with its row in service_size_prices.
 */
export function sizesFor(catalogue: JobCatalogue, serviceId: string): SizeOffer[] {
  const service = catalogue.services.get(serviceId);
  if (!service) return [];
  return catalogue.sizes.flatMap((size) => {
    if (size.isStandard) return [{ ...size, price: service.price, minutes: service.minutes }];
    const row = catalogue.sizePrices.get(`${serviceId}:${size.code}`);
    return row ? [{ ...size, price: row.price, minutes: service.minutes + row.extraMinutes }] : [];
  });
}

/** The add-ons a package can be booked with, in the owner's order. */
export function addonsFor(catalogue: JobCatalogue, serviceId: string): CatalogueAddon[] {
  return catalogue.addons.filter((a) => catalogue.addonServices.get(a.id)?.has(serviceId));
}

export interface JobQuote {
  carSize: string;
  carSizeName: string;
  addons: CatalogueAddon[];
  /** The whole price (kroner, inkl. moms) and length (minutes of opening time). */
  price: number;
  minutes: number;
}

/**
 * The whole job: the package for the size plus the add-ons, in the owner's order; null when the
 * package cannot be booked so (a size it has no price for, an add-on that does not fit it, or one
 * chosen twice), as booking_job refuses it.
 */
export function quoteJob(
  catalogue: JobCatalogue,
  serviceId: string,
  carSize: string | null,
  addonIds: readonly string[],
): JobQuote | null {
  const code = carSize || standardSize(catalogue);
  const size = sizesFor(catalogue, serviceId).find((s) => s.code === code);
  if (!size || new Set(addonIds).size !== addonIds.length) return null;
  const offered = addonsFor(catalogue, serviceId);
  const addons = offered.filter((a) => addonIds.includes(a.id));
  if (addons.length !== addonIds.length) return null;
  return {
    carSize: size.code,
    carSizeName: size.name,
    addons,
    price: size.price + addons.reduce((sum, a) => sum + a.price, 0),
    minutes: size.minutes + addons.reduce((sum, a) => sum + a.minutes, 0),
  };
}
