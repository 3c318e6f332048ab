/**
 * The job catalogue: what a job is besides its package (car sizes, size prices, add-ons). Only the
 * pages that sell a job carry it, in their own route data; its own module, so that the pages'
 * shared chunk does not carry the hook that reads it.
 */
import { useMatches } from 'react-router';
import type { Addon, CarSize, SizePrice } from './job';
import type { SiteFacts } from './site-data';

/**
 * What a job is besides its package, as the owner prices it: only the pages that sell a job (the
 * booking form on /contact, the size prices on /services) carry it, in their own route data.
 */
export interface JobCatalogue {
  /** The active car sizes in the owner's order (the standard one, the packages' own price, too). */
  carSizes: CarSize[];
  /** The active add-ons in the owner's order, each with the active packages it fits. */
  addons: Addon[];
  /**
   * Per active package (by id), its price and extra minutes for each other car size it is offered
   * for, in the sizes' order.
   */
  sizePrices: Record<string, SizePrice[]>;
}

/** The key of a route's loader data that holds the job catalogue (see useJobCatalogue). */
export const JOB_CATALOGUE_KEY = 'jobCatalogue';

/** The route data of a page that sells a job: its part of the facts, found by useJobCatalogue. */
export function jobCatalogueData(facts: SiteFacts): { [JOB_CATALOGUE_KEY]: JobCatalogue } {
  return {
    [JOB_CATALOGUE_KEY]: {
      carSizes: facts.carSizes,
      addons: facts.addons,
      sizePrices: facts.sizePrices,
    },
  };
}

/**
 * The job catalogue of the current page: the route data of whichever route loaded it (a page
 * that sells a job), else undefined.
 */
export function useJobCatalogue(): JobCatalogue | undefined {
  for (const match of useMatches()) {
    const data = match.loaderData;
    if (data && typeof data === 'object' && JOB_CATALOGUE_KEY in data) {
      return (data as Record<string, JobCatalogue>)[JOB_CATALOGUE_KEY];
    }
  }
  return undefined;
}
