import { useMemo } from 'react';
import {
  NO_CHOICE,
  addonsFor,
  fitChoice,
  jobQuote,
  sizePricesFor,
  type JobChoice,
  type JobPackage,
} from '~/lib/job';
import type { SiteData } from '~/lib/site-data';
import type { BookingService } from '../api/get-services';

/**
 * The job of the chosen package: the visitor's size and add-ons as the package offers them, the
 * sizes (with the package's price for each) and add-ons to offer, and the whole job's price and
 * length (lib/job.ts, the database's rule; the server applies it again). From the build's data:
 * the sizes, each package's size prices and the add-ons.
 */
export function useJob(
  service: BookingService | null,
  siteData: SiteData | undefined,
  choice: JobChoice,
) {
  return useMemo(() => {
    const sizes = siteData?.carSizes;
    const addons = siteData?.addons;
    if (!service || !sizes || !addons) {
      return { job: NO_CHOICE, sizes: [], addons: [], quote: null };
    }
    const pkg: JobPackage = {
      id: service.id,
      price: service.price,
      durationMinutes: service.duration_minutes,
      sizePrices: siteData.services.find((s) => s.id === service.id)?.sizePrices ?? [],
    };
    const job = fitChoice(choice, pkg, sizes, addons);
    return {
      job,
      sizes: sizePricesFor(pkg, sizes),
      addons: addonsFor(pkg, addons),
      quote: jobQuote(pkg, job, sizes, addons),
    };
  }, [service, siteData, choice]);
}
