import { Label } from '~/components/ui/label';
import { ownerCopy } from '~/content/owner';
import { formatDuration, formatPrice } from '~/lib/format';
import type { JobChoice } from '../api/types';
import { addonsFor, quoteJob, sizesFor, standardSize, type JobCatalogue } from '../rules/job';

const copy = ownerCopy.phoneBooking;

/**
 * The job a package is booked as: the car's size (those the package has a price for, the ordinary
 * car first chosen) and the add-ons that fit it, each with its price, and the whole job's price and
 * length. What is offered and what it costs are the owner's tables; the booking itself is priced by
 * the database.
 */
export function JobFields({
  catalogue,
  serviceId,
  job,
  onChange,
}: {
  catalogue: JobCatalogue;
  serviceId: string;
  job: JobChoice;
  onChange: (job: JobChoice) => void;
}) {
  const sizes = sizesFor(catalogue, serviceId);
  const addons = addonsFor(catalogue, serviceId);
  const size = job.carSize ?? standardSize(catalogue) ?? '';
  const chosen = sizes.find((s) => s.code === size);
  const quote = quoteJob(catalogue, serviceId, job.carSize, job.addonIds);
  const toggle = (id: string, on: boolean) =>
    onChange({
      carSize: job.carSize,
      addonIds: on ? [...job.addonIds, id] : job.addonIds.filter((a) => a !== id),
    });

  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor="owner-car-size">{copy.size}</Label>
        <select
          id="owner-car-size"
          value={size}
          aria-describedby={chosen?.description ? 'owner-car-size-hint' : undefined}
          onChange={(event) => onChange({ carSize: event.target.value, addonIds: job.addonIds })}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-base"
        >
          {sizes.map((s) => (
            <option key={s.code} value={s.code}>
              {copy.sizeOption(s.name, formatPrice(s.price))}
            </option>
          ))}
        </select>
        {chosen?.description ? (
          <p id="owner-car-size-hint" className="text-sm text-muted-foreground">
            {chosen.description}
          </p>
        ) : null}
      </div>
      {addons.length > 0 ? (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{copy.addons}</legend>
          {addons.map((addon) => (
            <label key={addon.id} className="flex items-center gap-3 text-base">
              <input
                type="checkbox"
                className="size-5"
                checked={job.addonIds.includes(addon.id)}
                onChange={(event) => toggle(addon.id, event.target.checked)}
              />
              {copy.addonOption(
                addon.name,
                formatPrice(addon.price),
                addon.minutes > 0 ? formatDuration(addon.minutes) : null,
              )}
            </label>
          ))}
        </fieldset>
      ) : null}
      <p aria-live="polite" className="font-semibold" data-testid="owner-job-total">
        {quote ? copy.total(formatPrice(quote.price), formatDuration(quote.minutes)) : null}
      </p>
    </>
  );
}

/**
 * The job kept when another package is chosen: its size if the package has a price for it, else
 * the ordinary car; the add-ons that fit it.
 */
export function jobForPackage(
  catalogue: JobCatalogue | undefined,
  serviceId: string,
  job: JobChoice,
): JobChoice {
  if (!catalogue) return { carSize: null, addonIds: [] };
  const sizes = sizesFor(catalogue, serviceId).map((s) => s.code);
  const fits = new Set(addonsFor(catalogue, serviceId).map((a) => a.id));
  return {
    carSize: job.carSize && sizes.includes(job.carSize) ? job.carSize : null,
    addonIds: job.addonIds.filter((id) => fits.has(id)),
  };
}
