import { CalendarCheck } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { ActionLink } from '~/components/sections/action-link';
import { ClosingCta } from '~/components/sections/closing-cta';
import { IconPointGrid } from '~/components/sections/icon-point-grid';
import { PageHero } from '~/components/sections/page-hero';
import { ProcessSteps } from '~/components/sections/process-steps';
import { Section } from '~/components/sections/section-heading';
import { BOOKING_FORM_HREF } from '~/content/navigation';
import { servicesProcess } from '~/content/process';
import { servicesContent, servicesSeo, servicesWhyUs } from '~/content/services-page';
import { routeMeta } from '~/lib/meta';
import { priceRangesData } from '~/components/sections/price-ranges';
import { jobCatalogueData } from '~/lib/job-catalogue';
import { siteDataOf, useSiteData } from '~/lib/site-data';
import { loadSiteFacts } from '~/lib/site-data.server';
import { PackageSections } from './services/package-sections';
import { ScrollToServicesButton } from './services/scroll-to-services-button';

// The prices per car size with the add-ons, and the jobs besides cars: prerendered with the page;
// their code is not in its first load (React keeps their HTML as it is until the chunk has loaded,
// right after hydration, and hydrates them then)
const BelowPackages = lazy(() => import('./services/below-packages'));

export const meta = ({ matches }: { matches: Parameters<typeof siteDataOf>[0] }) =>
  routeMeta('/services', servicesSeo, undefined, siteDataOf(matches));

/**
 * The job catalogue for the size prices and add-ons, and the cards' price ranges: this page's
 * route data, written when it is prerendered (the layout's data, on every page, leaves them out).
 */
export async function loader() {
  const facts = await loadSiteFacts();
  return { ...jobCatalogueData(facts), ...priceRangesData(facts) };
}

/** One build's snapshot, as the site data's. */
export function shouldRevalidate() {
  return false;
}

export default function Page() {
  const { hero, process, whyUs, cta } = servicesContent;
  return (
    <>
      <PageHero badge={hero.badge} title={hero.title} lead={hero.lead(useSiteData())}>
        <ScrollToServicesButton label={hero.seePackages} />
        <ActionLink icon={CalendarCheck} to={BOOKING_FORM_HREF} variant="outline">
          {hero.book}
        </ActionLink>
      </PageHero>

      <PackageSections />

      <Suspense fallback={null}>
        <BelowPackages />
      </Suspense>

      <Section id="proces" heading={process}>
        <ProcessSteps steps={servicesProcess} />
      </Section>

      <Section id="hvorfor-os" muted heading={whyUs}>
        <IconPointGrid points={servicesWhyUs} />
      </Section>

      <ClosingCta heading={cta.heading} text={cta.text} />
    </>
  );
}
