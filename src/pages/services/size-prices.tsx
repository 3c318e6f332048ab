import { Section } from '~/components/sections/section-heading';
import { sizePricesContent as text } from '~/content/size-prices';
import { formatDuration, formatPrice } from '~/lib/format';
import { useJobCatalogue } from '~/lib/job-catalogue';
import { useSiteData } from '~/lib/site-data';

/**
 * Every package's price for each car size (the owner's size prices; the ordinary car's is the
 * package's own) and the add-ons with what they cost and which packages they fit: the prices the
 * booking form charges, before anyone books.
 */
export function SizePrices() {
  const { services } = useSiteData();
  const catalogue = useJobCatalogue();
  if (!catalogue || services.length === 0 || catalogue.carSizes.length < 2) return null;
  const { carSizes, addons, sizePrices } = catalogue;
  return (
    <Section id="priser-efter-stoerrelse" heading={text}>
      {/* scrolls sideways on a phone: focusable, so a keyboard can scroll it too */}
      <div
        className="overflow-auto rounded-xl border bg-card shadow-sm"
        tabIndex={0}
        role="region"
        aria-label={text.caption}
      >
        <table className="w-full min-w-lg text-left text-sm">
          <caption className="sr-only">{text.caption}</caption>
          <thead className="bg-muted/50">
            <tr>
              <th scope="col" className="p-3 font-semibold">
                {text.packageColumn}
              </th>
              {carSizes.map((size) => (
                <th key={size.code} scope="col" className="p-3 font-semibold">
                  {size.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {services.map((service) => {
              // the ordinary car's price is the package's own; another size's is its row
              const priceFor = (code: string, standard: boolean) =>
                standard
                  ? service.price
                  : sizePrices[service.id]?.find((p) => p.carSize === code)?.price;
              return (
                <tr key={service.id} className="border-t">
                  <th scope="row" className="p-3 font-medium">
                    {service.name}
                  </th>
                  {carSizes.map((size) => {
                    const price = priceFor(size.code, size.isStandard);
                    return (
                      <td key={size.code} className="p-3">
                        {price === undefined ? text.notOffered : formatPrice(price)}
                      </td>
                    );
                  })}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {addons.length > 0 ? (
        <div className="mt-10">
          <h3 className="text-xl font-semibold">{text.addonsTitle}</h3>
          <p className="mt-1 text-muted-foreground">{text.addonsDescription}</p>
          <ul className="mt-4 grid gap-4 sm:grid-cols-2">
            {addons.map((addon) => {
              const fits = services.filter((s) => addon.serviceIds.includes(s.id));
              return (
                <li key={addon.id} className="rounded-xl border bg-card p-4 shadow-sm">
                  <p className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{addon.name}</span>
                    <span className="font-semibold">
                      {text.plus} {formatPrice(addon.price)}
                      {addon.minutes > 0 ? ` · ${formatDuration(addon.minutes)}` : ''}
                    </span>
                  </p>
                  {addon.description ? (
                    <p className="mt-1 text-sm text-muted-foreground">{addon.description}</p>
                  ) : null}
                  <p className="mt-2 text-sm">
                    {fits.length === services.length
                      ? text.fitsAll
                      : text.fits(fits.map((s) => s.name))}
                  </p>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </Section>
  );
}
