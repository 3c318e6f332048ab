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
import type { JobCatalogue } from '~/lib/job-catalogue';
import type { BookingService } from '../api/get-services';

/**
 * The job of the chosen package: the visitor's size and add-ons as the package offers them, the
 * sizes (with the package's price for each) and add-ons to offer, and the whole job's price and
 * length (lib/job.ts, the database's rule; the server applies it again). From the build's data:
 * the page's job catalogue (the sizes, each package's size prices and the add-ons).
 */
export function useJob(
  service: BookingService | null,
  catalogue: JobCatalogue | undefined,
  choice: JobChoice,
) {
  return useMemo(() => {
    if (!service || !catalogue) {
      return { job: NO_CHOICE, sizes: [], addons: [], quote: null };
    }
    const { carSizes: sizes, addons } = catalogue;
    const pkg: JobPackage = {
      id: service.id,
      price: service.price,
      durationMinutes: service.duration_minutes,
      sizePrices: catalogue.sizePrices[service.id] ?? [],
    };
    const job = fitChoice(choice, pkg, sizes, addons);
    return {
      job,
      sizes: sizePricesFor(pkg, sizes),
      addons: addonsFor(pkg, addons),
      quote: jobQuote(pkg, job, sizes, addons),
    };
  }, [service, catalogue, choice]);
}
