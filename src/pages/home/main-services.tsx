import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router';
import { ContentPicture } from '~/components/sections/content-picture';
import { Section } from '~/components/sections/section-heading';
import { homeContent } from '~/content/home';
import { mainServices } from '~/content/main-services';

/** The three main services, each with 'Læs mere' to /services. */
export function MainServices() {
  const text = homeContent.services;
  return (
    <Section id="ydelser" heading={text}>
      <ul className="grid gap-6 md:grid-cols-3">
        {mainServices.map((service) => {
          const Icon = service.icon;
          return (
            <li key={service.title}>
              <article className="flex h-full flex-col overflow-hidden rounded-2xl border bg-card shadow-sm">
                <ContentPicture
                  fit="card"
                  image={service.image}
                  sizes="(min-width: 768px) 33vw, 100vw"
                />
                <div className="flex flex-1 flex-col gap-3 p-5 sm:gap-4 sm:p-6">
                  <div className="flex items-center gap-3">
                    <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-primary/15 text-primary">
                      <Icon className="h-5 w-5" aria-hidden="true" />
                    </span>
                    <h3 className="text-xl font-semibold">{service.title}</h3>
                  </div>
                  <p className="text-muted-foreground">{service.description}</p>
                  <ul className="space-y-2 text-sm">
                    {service.features.map((feature) => (
                      <li key={feature} className="flex gap-2">
                        <Check
                          className="mt-0.5 h-4 w-4 shrink-0 text-primary"
                          aria-hidden="true"
                        />
                        {feature}
                      </li>
                    ))}
                  </ul>
                  <Link
                    to="/services"
                    className="mt-auto inline-flex items-center gap-2 rounded-md font-semibold text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {text.readMore}
                    <span className="sr-only"> {text.readMoreAbout(service.title)}</span>
                    <ArrowRight className="h-4 w-4" aria-hidden="true" />
                  </Link>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </Section>
  );
}
