import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { Section } from '~/components/sections/section-heading';
import { Button } from '~/components/ui/button';
import { servicesContent } from '~/content/services-page';
import { bookingTopicHref } from '~/content/booking-topics';

/** Boats, motorcycles, caravans and more: priced individually, with a link to /contact. */
export function SpecialServices() {
  const text = servicesContent.special;
  return (
    <Section
      id="specialopgaver"
      muted
      eyebrow={text.eyebrow}
      title={text.title}
      description={text.description}
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {text.items.map((item) => {
          const Icon = item.icon;
          return (
            <li key={item.title} className="rounded-xl border bg-card p-6 shadow-sm">
              <Icon className="mb-4 h-8 w-8 text-primary" aria-hidden="true" />
              <h3 className="text-lg font-semibold">{item.title}</h3>
              <p className="mt-2 text-muted-foreground">{item.description}</p>
              <p className="mt-3 text-sm font-semibold">{text.priceNote}</p>
            </li>
          );
        })}
      </ul>
      <div className="mt-10 text-center">
        <Button asChild size="lg">
          <Link to={bookingTopicHref('special')}>
            {text.link}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </div>
    </Section>
  );
}
