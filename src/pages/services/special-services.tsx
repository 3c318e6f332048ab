import { MoreLink } from '~/components/sections/more-link';
import { Section } from '~/components/sections/section-heading';
import { specialServicesContent as text } from '~/content/special-services';

/** Boats, motorcycles, caravans and more: priced individually, with a link to the quote request on /contact (the message form, #besked). */
export function SpecialServices() {
  return (
    <Section id="specialopgaver" muted heading={text}>
      <ul className="grid gap-4 sm:grid-cols-2 sm:gap-6 lg:grid-cols-4">
        {text.items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.title} className="rounded-xl border bg-card p-5 shadow-sm sm:p-6">
              <h3 className="flex items-center gap-3 text-lg font-semibold sm:block">
                <Icon className="h-8 w-8 shrink-0 text-primary sm:mb-4" aria-hidden="true" />
                {item.title}
              </h3>
              <p className="mt-2 text-muted-foreground">{item.description}</p>
              <p className="mt-3 text-sm font-semibold">{text.priceNote}</p>
            </li>
          );
        })}
      </ul>
      <MoreLink to={text.linkHref} size="lg">
        {text.link}
      </MoreLink>
    </Section>
  );
}
