import { Label } from '~/components/ui/label';
import { ownerCopy } from '~/content/owner';
import { formatDuration, formatPrice } from '~/lib/format';
import { addonsFor, fitChoice, jobQuote, sizePricesFor, type JobChoice } from '~/lib/job';
import type { JobCatalogue } from '../rules/job';

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
  const pkg = catalogue.packages.get(serviceId);
  if (!pkg) return null;
  const sizes = sizePricesFor(pkg, catalogue.sizes);
  const addons = addonsFor(pkg, catalogue.addons);
  const standard = sizes.find((s) => s.size.isStandard)?.size.code ?? '';
  const chosen = sizes.find((s) => s.size.code === (job.carSize || standard))?.size;
  const quote = jobQuote(pkg, job, catalogue.sizes, catalogue.addons);
  const toggle = (id: string, on: boolean) =>
    onChange({
      ...job,
      addonIds: on ? [...job.addonIds, id] : job.addonIds.filter((a) => a !== id),
    });

  return (
    <>
      <div className="grid gap-2">
        <Label htmlFor="owner-car-size">{copy.size}</Label>
        <select
          id="owner-car-size"
          value={chosen?.code ?? standard}
          aria-describedby={chosen?.description ? 'owner-car-size-hint' : undefined}
          onChange={(event) => {
            const size = sizes.find((s) => s.size.code === event.target.value)?.size;
            onChange({ ...job, carSize: !size || size.isStandard ? '' : size.code });
          }}
          className="h-10 w-full rounded-md border border-input bg-background px-3 text-base"
        >
          {sizes.map(({ size, price }) => (
            <option key={size.code} value={size.code}>
              {copy.sizeOption(size.name, formatPrice(price))}
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
 * the ordinary car; the add-ons that fit it (~/lib/job's fitChoice, as the booking form).
 */
export function jobForPackage(
  catalogue: JobCatalogue | undefined,
  serviceId: string,
  job: JobChoice,
): JobChoice {
  const pkg = catalogue?.packages.get(serviceId);
  if (!catalogue || !pkg) return { carSize: '', addonIds: [] };
  return fitChoice(job, pkg, catalogue.sizes, catalogue.addons);
}
