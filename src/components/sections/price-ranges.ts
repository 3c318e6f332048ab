/**
 * Each package's lowest and highest price over the car sizes: the package cards' "fra" and the
 * JSON-LD's offers. The pages with package cards (/ and /services) carry them in their route data,
 * written from the job catalogue's size prices when they are prerendered. In the package cards'
 * chunk: the two pages that read them load it anyway.
 */
import { useMatches } from 'react-router';
import type { JobCatalogue } from '~/lib/job-catalogue';
import type { SiteFacts, SiteService } from '~/lib/site-data';

/** By package id. */
export type PriceRanges = Record<string, { min: number; max: number }>;

/** The key of a route's loader data that holds them. */
export const PRICE_RANGES_KEY = 'priceRanges';

export function priceRangesOf(
  services: readonly Pick<SiteService, 'id' | 'price'>[],
  sizePrices: JobCatalogue['sizePrices'],
): PriceRanges {
  return Object.fromEntries(
    services.map((service) => {
      const prices = [service.price, ...(sizePrices[service.id] ?? []).map((p) => p.price)];
      return [service.id, { min: Math.min(...prices), max: Math.max(...prices) }];
    }),
  );
}

/** The route data of a page with package cards (its loader's). */
export function priceRangesData(facts: SiteFacts): { [PRICE_RANGES_KEY]: PriceRanges } {
  return { [PRICE_RANGES_KEY]: priceRangesOf(facts.services, facts.sizePrices) };
}

/** The price ranges in a page's route data (`meta`'s matches, useMatches), if it has them. */
export function priceRangesIn(
  matches: readonly ({ loaderData?: unknown } | undefined)[],
): PriceRanges | undefined {
  for (const match of matches) {
    const data = match?.loaderData;
    if (data && typeof data === 'object' && PRICE_RANGES_KEY in data) {
      return (data as Record<string, PriceRanges>)[PRICE_RANGES_KEY];
    }
  }
  return undefined;
}

export function usePriceRanges(): PriceRanges | undefined {
  return priceRangesIn(useMatches());
}
