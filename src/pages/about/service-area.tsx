import { Clock, MapPin, Navigation } from 'lucide-react';
import type { ReactNode } from 'react';
import { Section } from '~/components/sections/section-heading';
import { aboutContent } from '~/content/about';
import { addressLine, business } from '~/content/business';
import { AboutMap } from './about-map';
import { openingHoursLines, useSiteData } from '~/lib/site-data';
import { cn } from '~/lib/utils';

function Card({
  icon: Icon,
  title,
  className,
  children,
}: {
  icon: typeof MapPin;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('rounded-xl border bg-card p-6 shadow-sm', className)}>
      <h3 className="flex items-center gap-2 text-lg font-semibold">
        <Icon className="h-5 w-5 text-primary" aria-hidden="true" />
        {title}
      </h3>
      {children}
    </div>
  );
}

/** Address, opening hours, the towns we serve and the map. */
export function ServiceArea() {
  const text = aboutContent.area;
  return (
    <Section id="serviceomraade" muted heading={text}>
      <div className="grid gap-8 lg:grid-cols-2">
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-1">
          <Card icon={MapPin} title={text.addressTitle}>
            <address className="mt-2 not-italic text-muted-foreground">{addressLine}</address>
          </Card>
          <Card icon={Clock} title={text.hoursTitle}>
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-muted-foreground">
              {openingHoursLines(useSiteData().openingHours).map((line) => (
                <div key={line.days} className="contents">
                  <dt>{line.days}</dt>
                  <dd>{line.hours}</dd>
                </div>
              ))}
            </dl>
          </Card>
          <Card icon={Navigation} title={text.areaTitle} className="sm:col-span-2 lg:col-span-1">
            <ul className="mt-2 flex flex-wrap gap-2">
              {business.serviceArea.map((town) => (
                <li key={town} className="rounded-full border px-3 py-1 text-sm font-medium">
                  {town}
                </li>
              ))}
            </ul>
          </Card>
        </div>
        <AboutMap />
      </div>
    </Section>
  );
}
