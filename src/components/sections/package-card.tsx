import { Check, Clock, Sparkles } from 'lucide-react';
import { packageText, type ServicePackage } from '~/content/packages';
import { formatPrice } from '~/lib/format';
import { cn } from '~/lib/utils';
import { ContentPicture } from './content-picture';
import { usePriceRanges } from './price-ranges';
import { ServiceContactLink } from './service-contact-link';

export interface PackageCardProps {
  pkg: ServicePackage;
  /** Text of the booking link: 'Vælg pakke' (home) or 'Book service' (services). */
  actionLabel: string;
  /** Show the picture at the top of the card. */
  showImage?: boolean;
}

/** One package: picture, price badge, title, description, features, duration, highlight, link. */
export function PackageCard({ pkg, actionLabel, showImage = true }: PackageCardProps) {
  const Icon = pkg.icon ?? Sparkles;
  // the ordinary car's price; "fra" when a bigger car costs more (the size prices, /services)
  const dearer = (usePriceRanges()?.[pkg.id]?.max ?? 0) > pkg.price;
  const price = `${dearer ? packageText.from : ''}${formatPrice(pkg.price)}`;
  const highlighted = Boolean(pkg.highlight);
  return (
    <article
      className={cn(
        'relative flex h-full flex-col overflow-hidden rounded-2xl border bg-card text-card-foreground shadow-sm',
        highlighted && 'border-primary ring-2 ring-primary',
      )}
    >
      {showImage && pkg.image ? (
        <div className="relative">
          <ContentPicture fit="card" image={pkg.image} sizes="(min-width: 1024px) 33vw, 100vw" />
          <p className="absolute right-3 top-3 rounded-full bg-background/95 px-3 py-1 text-base font-bold text-foreground shadow">
            <span className="sr-only">{packageText.priceLabel}: </span>
            {price}
          </p>
        </div>
      ) : null}
      <div className="flex flex-1 flex-col gap-3 p-5 sm:gap-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          {pkg.highlight ? (
            <p className="rounded-full bg-primary px-3 py-1 text-xs font-semibold uppercase tracking-wide text-primary-foreground">
              {pkg.highlight}
            </p>
          ) : null}
          {pkg.discount ? (
            <p className="rounded-full border border-primary px-3 py-1 text-xs font-semibold text-foreground">
              {pkg.discount}
            </p>
          ) : null}
        </div>
        <div className="flex items-start gap-3">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary/15 text-primary">
            <Icon className="h-5 w-5" aria-hidden="true" />
          </span>
          <div>
            <h3 className="text-xl font-semibold">{pkg.name}</h3>
            {showImage && pkg.image ? null : (
              <p className="text-lg font-bold">
                <span className="sr-only">{packageText.priceLabel}: </span>
                {price}
              </p>
            )}
          </div>
        </div>
        {pkg.description ? <p className="text-muted-foreground">{pkg.description}</p> : null}
        <ul aria-label={packageText.featuresLabel(pkg.name)} className="space-y-2 text-sm">
          {(pkg.features ?? []).map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check className="mt-0.5 h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
              <span>{feature}</span>
            </li>
          ))}
        </ul>
        <p className="mt-auto flex items-center gap-2 pt-2 text-sm text-muted-foreground">
          <Clock className="h-4 w-4" aria-hidden="true" />
          <span>
            {packageText.durationLabel}:{' '}
            {packageText.duration(pkg.durationMinutes, pkg.workingDays)}
          </span>
        </p>
        <ServiceContactLink
          service={pkg.name}
          variant={highlighted ? 'default' : 'outline'}
          className="w-full"
          label={actionLabel}
        />
      </div>
    </article>
  );
}

/** A responsive grid of package cards (1, 2, then 3 columns), with the VAT note under it. */
export function PackageGrid({
  packages,
  actionLabel,
}: {
  packages: readonly ServicePackage[];
  actionLabel: string;
}) {
  return (
    <>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {packages.map((pkg) => (
          <li key={pkg.slug}>
            <PackageCard pkg={pkg} actionLabel={actionLabel} />
          </li>
        ))}
      </ul>
      {/* once under the list, not on every badge (prices to consumers include VAT) */}
      <p className="mt-4 text-sm text-muted-foreground">{packageText.vatNote}</p>
    </>
  );
}
