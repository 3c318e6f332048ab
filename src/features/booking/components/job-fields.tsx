import { memo } from 'react';
import { bookingCopy } from '~/content/booking';
import { formatDuration, formatPrice } from '~/lib/format';
import type { Addon, CarSize, JobChoice, JobQuote } from '~/lib/job';
import type { OpeningDay } from '~/lib/site-data';
import { durationText } from '~/lib/working-days';

interface JobFieldsProps {
  /** The sizes the package is offered for, each with its price for the package. */
  sizes: readonly { size: CarSize; price: number }[];
  /** The add-ons offered with the package. */
  addons: readonly Addon[];
  choice: JobChoice;
  onChange: (choice: JobChoice) => void;
  /** The whole job's price and length, or null while the choice is not offered. */
  quote: JobQuote | null;
  openingHours?: readonly OpeningDay[];
  disabled?: boolean;
}

const optionClass =
  'flex cursor-pointer items-start gap-3 rounded-lg border p-3 text-sm transition-colors hover:bg-accent has-[:checked]:border-primary has-[:checked]:bg-primary/10 has-[:focus-visible]:ring-2';

/**
 * The car's size and the add-ons of the chosen package, and the whole job's price and length
 * before a time is chosen (the times offered are the whole job's). Native radio buttons and
 * checkboxes: one tap each, and the keyboard and screen readers know them.
 */
export const JobFields = memo(function JobFields({
  sizes,
  addons,
  choice,
  onChange,
  quote,
  openingHours,
  disabled,
}: JobFieldsProps) {
  const copy = bookingCopy.job;
  const standard = sizes.find((s) => s.size.isStandard)?.size.code ?? '';
  const chosenSize = choice.carSize || standard;
  const toggle = (id: string, on: boolean) =>
    onChange({
      ...choice,
      addonIds: on ? [...choice.addonIds, id] : choice.addonIds.filter((a) => a !== id),
    });
  return (
    <div className="grid gap-4" data-testid="job-fields">
      {sizes.length > 1 ? (
        <fieldset className="grid gap-2" disabled={disabled}>
          <legend className="mb-2 text-sm font-medium">{copy.size}</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {sizes.map(({ size, price }) => (
              <label key={size.code} className={optionClass}>
                <input
                  type="radio"
                  name="carSize"
                  value={size.code}
                  checked={chosenSize === size.code}
                  onChange={() =>
                    onChange({ ...choice, carSize: size.isStandard ? '' : size.code })
                  }
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="grid gap-1">
                  <span className="font-medium">{size.name}</span>
                  {size.description ? (
                    <span className="text-muted-foreground">{size.description}</span>
                  ) : null}
                  <span className="font-medium">{formatPrice(price)}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {addons.length > 0 ? (
        <fieldset className="grid gap-2" disabled={disabled}>
          <legend className="mb-2 text-sm font-medium">{copy.addons}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {addons.map((addon) => (
              <label key={addon.id} className={optionClass}>
                <input
                  type="checkbox"
                  name="addonIds"
                  value={addon.id}
                  checked={choice.addonIds.includes(addon.id)}
                  onChange={(event) => toggle(addon.id, event.currentTarget.checked)}
                  className="mt-0.5 size-4 shrink-0 accent-primary"
                />
                <span className="grid gap-1">
                  <span className="font-medium">{addon.name}</span>
                  <span className="text-muted-foreground">
                    {copy.plus} {formatPrice(addon.price)}
                    {addon.minutes > 0 ? ` · ${copy.plus} ${formatDuration(addon.minutes)}` : ''}
                  </span>
                  {addon.description ? (
                    <span className="text-muted-foreground">{addon.description}</span>
                  ) : null}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {quote ? (
        <p
          className="rounded-lg border bg-muted/50 p-3 text-sm"
          data-testid="job-quote"
          aria-live="polite"
        >
          {copy.quote}:{' '}
          <strong className="font-semibold">
            {formatPrice(quote.price)} {copy.vat}
          </strong>{' '}
          · {durationText(quote.minutes, openingHours)}
        </p>
      ) : null}
    </div>
  );
});
