/**
 * A job as the owner prices it: a package for a car size, with add-ons. The database works it out
 * (public.booking_job) for every time it offers and every booking it stores, and never takes a
 * total from the browser; the pages need the same figures before the visitor chooses a time, so
 * this is the one copy of that rule in the browser, held to the database's by
 * supabase/tests/job-quote.test.ts over every package, size and add-on the seed has.
 */
import type { BookingJob } from './booking-job';

/** One active row of public.car_sizes. */
export interface CarSize {
  code: string;
  name: string;
  description: string;
  /** The ordinary car: its price and duration are the package's own. */
  isStandard: boolean;
}

/** A package's price and extra minutes for a size that is not the standard one. */
export interface SizePrice {
  carSize: string;
  /** The whole price for that size, kroner incl. VAT (not a surcharge). */
  price: number;
  extraMinutes: number;
}

/** One active add-on and the active packages it fits. */
export interface Addon {
  id: string;
  name: string;
  description: string;
  price: number;
  /** Opening-time minutes it adds to the job (0: none). */
  minutes: number;
  serviceIds: string[];
}

/** What a package brings to a job. */
export interface JobPackage {
  id: string;
  price: number;
  durationMinutes: number;
  sizePrices: readonly SizePrice[];
}

/** The visitor's choice besides the package: '' is the standard size. */
export interface JobChoice {
  carSize: string;
  addonIds: readonly string[];
}

export interface JobQuote {
  size: CarSize;
  packagePrice: number;
  packageMinutes: number;
  /** In the owner's order. */
  addons: Addon[];
  price: number;
  minutes: number;
}

export const NO_CHOICE: JobChoice = { carSize: '', addonIds: [] };

/** A choice as one text (query keys): '' for the package alone on an ordinary car. */
export function jobKey(choice: JobChoice | undefined): string {
  if (!choice) return '';
  const ids = [...choice.addonIds].sort();
  return choice.carSize === '' && ids.length === 0 ? '' : `${choice.carSize}|${ids.join(',')}`;
}

/** The sizes a package can be booked for: the standard one, then those it has a price for. */
export function sizesFor(pkg: JobPackage, sizes: readonly CarSize[]): CarSize[] {
  return sizes.filter(
    (size) => size.isStandard || pkg.sizePrices.some((p) => p.carSize === size.code),
  );
}

/** The add-ons offered with a package, in the owner's order. */
export function addonsFor(pkg: { id: string }, addons: readonly Addon[]): Addon[] {
  return addons.filter((addon) => addon.serviceIds.includes(pkg.id));
}

/**
 * The job's price and length (booking_job's rule), or null when the package is not offered with
 * that size or one of those add-ons (the form then offers the choice again).
 */
export function jobQuote(
  pkg: JobPackage,
  choice: JobChoice,
  sizes: readonly CarSize[],
  addons: readonly Addon[],
): JobQuote | null {
  const code = choice.carSize.trim().toLowerCase();
  const size = code ? sizes.find((s) => s.code === code) : sizes.find((s) => s.isStandard);
  if (!size) return null;
  let packagePrice = pkg.price;
  let packageMinutes = pkg.durationMinutes;
  if (!size.isStandard) {
    const row = pkg.sizePrices.find((p) => p.carSize === size.code);
    if (!row) return null;
    packagePrice = row.price;
    packageMinutes += row.extraMinutes;
  }
  if (new Set(choice.addonIds).size !== choice.addonIds.length) return null;
  const offered = addonsFor(pkg, addons);
  const chosen = offered.filter((addon) => choice.addonIds.includes(addon.id));
  if (chosen.length !== choice.addonIds.length) return null;
  return {
    size,
    packagePrice,
    packageMinutes,
    addons: chosen,
    price: chosen.reduce((sum, addon) => sum + addon.price, packagePrice),
    minutes: chosen.reduce((sum, addon) => sum + addon.minutes, packageMinutes),
  };
}

/**
 * A choice as the package offers it: a size it has no price for becomes the standard size, and
 * add-ons it does not fit are dropped (the visitor's car does not change with the package).
 */
export function fitChoice(
  choice: JobChoice,
  pkg: JobPackage,
  sizes: readonly CarSize[],
  addons: readonly Addon[],
): JobChoice {
  const offered = sizesFor(pkg, sizes);
  const size = offered.find((s) => s.code === choice.carSize && !s.isStandard);
  const fits = new Set(addonsFor(pkg, addons).map((a) => a.id));
  const addonIds = choice.addonIds.filter((id) => fits.has(id));
  const carSize = size?.code ?? '';
  return carSize === choice.carSize && addonIds.length === choice.addonIds.length
    ? choice
    : { carSize, addonIds };
}

/** The package's price for each size it is offered for (the standard size's is its own). */
export function sizePricesFor(
  pkg: JobPackage,
  sizes: readonly CarSize[],
): { size: CarSize; price: number }[] {
  return sizesFor(pkg, sizes).map((size) => ({
    size,
    price: size.isStandard
      ? pkg.price
      : (pkg.sizePrices.find((p) => p.carSize === size.code)?.price ?? pkg.price),
  }));
}

/** A quote in the shape a booking stores its job (the rows of lib/booking-job.ts read it). */
export function bookedJobOf(quote: JobQuote): BookingJob {
  return {
    carSize: quote.size.code,
    carSizeName: quote.size.name,
    packagePrice: quote.packagePrice,
    addons: quote.addons.map((addon) => ({ name: addon.name, price: addon.price })),
  };
}
