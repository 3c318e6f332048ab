import { CalendarCheck } from 'lucide-react';
import { ActionLink, CallButton } from '~/components/sections/action-link';
import { ClosingCta } from '~/components/sections/closing-cta';
import { CustomerReviews } from '~/components/sections/customer-reviews';
import { IconPointGrid } from '~/components/sections/icon-point-grid';
import { MoreLink } from '~/components/sections/more-link';
import { PackageGrid } from '~/components/sections/package-card';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section-heading';
import { StatGrid } from '~/components/sections/stat-grid';
import { BOOKING_FORM_HREF } from '~/content/navigation';
import { homeContent, homeWhyUs } from '~/content/home';
import { packageCards, packageText } from '~/content/packages';
import { reviews } from '~/content/reviews';
import { priceRangesData, priceRangesIn } from '~/components/sections/price-ranges';
import { siteDataOf, useSiteData } from '~/lib/site-data';
import { loadSiteFacts } from '~/lib/site-data.server';
import { homeMeta } from './home/business-json-ld';
import { MainServices } from './home/main-services';
import { WorkTeaser } from './home/work-teaser';

export const meta = ({ matches }: { matches: Parameters<typeof siteDataOf>[0] }) => {
  const data = siteDataOf(matches);
  return homeMeta(data, priceRangesIn(matches));
};

/**
 * Each package's price range over the car sizes (the cards' "fra", the JSON-LD's offers): this
 * page's route data, written when it is prerendered (not the whole job catalogue: it sells none).
 */
export async function loader() {
  return priceRangesData(await loadSiteFacts());
}

/** One build's snapshot, as the site data's. */
export function shouldRevalidate() {
  return false;
}

export default function Page() {
  const { hero, packages, whyUs, cta } = homeContent;
  const washPackages = packageCards(useSiteData(), 'vask');
  return (
    <>
      <PageHero
        badge={hero.badge}
        title={hero.title}
        lead={hero.lead}
        image={hero.image}
        imageFit="intrinsic"
      >
        <ActionLink icon={CalendarCheck} to={BOOKING_FORM_HREF}>
          {hero.book}
        </ActionLink>
        <CallButton variant="outline" />
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
        <MoreLink to="/services" variant="link">
          {packages.allServices}
        </MoreLink>
      </Section>

      <WorkTeaser />

      <Section id="hvorfor-os" heading={whyUs}>
        <IconPointGrid points={homeWhyUs} />
      </Section>

      {/* SITE_HAS_REVIEWS (vite.config.ts): with no reviews the section's code is not bundled */}
      {import.meta.env.SITE_HAS_REVIEWS !== false && reviews.length > 0 ? (
        <CustomerReviews reviews={reviews} muted />
      ) : null}

      <ClosingCta heading={cta.heading} text={cta.text} />
    </>
  );
}
