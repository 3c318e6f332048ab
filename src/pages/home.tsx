import { ArrowRight, CalendarCheck, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { ClosingCta } from '~/components/sections/closing-cta';
import { ContentPicture } from '~/components/sections/content-picture';
import { IconPointGrid } from '~/components/sections/icon-point-grid';
import { PackageGrid } from '~/components/sections/package-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section-heading';
import { StatGrid } from '~/components/sections/stat-grid';
import { Button } from '~/components/ui/button';
import { BOOKING_FORM_HREF } from '~/content/navigation';
import { business, telHref } from '~/content/business';
import { homeContent } from '~/content/home';
import { packageCards, packageText } from '~/content/packages';
import { homeWhyUs } from '~/content/why-us';
import { routeMeta } from '~/lib/meta';
import { siteDataOf, useSiteData } from '~/lib/site-data';
import { MainServices } from './home/main-services';
import { WorkTeaser } from './home/work-teaser';

export const meta = ({ matches }: { matches: Parameters<typeof siteDataOf>[0] }) =>
  routeMeta('/', undefined, siteDataOf(matches));

export default function Page() {
  const { hero, packages, whyUs, cta } = homeContent;
  const washPackages = packageCards(useSiteData(), 'vask');
  return (
    <>
      <PageHero
        badge={hero.badge}
        title={hero.title}
        lead={hero.lead}
        media={
          <ContentPicture
            image={hero.image}
            priority
            fit="intrinsic"
            sizes="(min-width: 1024px) 50vw, 100vw"
            className="rounded-2xl border shadow-lg"
          />
        }
      >
        <Button asChild size="lg">
          <Link to={BOOKING_FORM_HREF}>
            <CalendarCheck aria-hidden="true" />
            {hero.book}
          </Link>
        </Button>
        <Button asChild size="lg" variant="outline">
          <a href={telHref(business.phone)}>
            <Phone aria-hidden="true" />
            {hero.call(business.phone.display)}
          </a>
        </Button>
      </PageHero>

      <section aria-labelledby="stats-heading" className="py-12">
        <div className="container">
          <h2 id="stats-heading" className="sr-only">
            {homeContent.statsLabel}
          </h2>
          <StatGrid stats={homeContent.stats} />
        </div>
      </section>

      <MainServices />

      <Section id="pakker" muted heading={packages}>
        <PackageGrid packages={washPackages} actionLabel={packageText.choosePackage} />
        <div className="mt-10 text-center">
          <Button asChild variant="link">
            <Link to="/services">
              {packages.allServices}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </Section>

      <WorkTeaser />

      <Section id="hvorfor-os" heading={whyUs}>
        <IconPointGrid points={homeWhyUs} />
      </Section>

      <ClosingCta heading={cta.heading} text={cta.text} />
    </>
  );
}
