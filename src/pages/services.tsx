import { CalendarCheck } from 'lucide-react';
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
import { siteDataOf, useSiteData } from '~/lib/site-data';
import { PackageSections } from './services/package-sections';
import { ScrollToServicesButton } from './services/scroll-to-services-button';
import { SizePrices } from './services/size-prices';
import { SpecialServices } from './services/special-services';

export const meta = ({ matches }: { matches: Parameters<typeof siteDataOf>[0] }) =>
  routeMeta('/services', servicesSeo, undefined, siteDataOf(matches));

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

      <SizePrices />

      <SpecialServices />

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
