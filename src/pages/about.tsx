import { MessageSquare } from 'lucide-react';
import { ActionLink } from '~/components/sections/action-link';
import { ClosingCta } from '~/components/sections/closing-cta';
import { CustomerReviews } from '~/components/sections/customer-reviews';
import { FaqAccordion } from '~/components/sections/faq-accordion';
import { IconPointGrid } from '~/components/sections/icon-point-grid';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section-heading';
import { StatGrid } from '~/components/sections/stat-grid';
import { aboutContent, aboutSeo } from '~/content/about';
import { faqItems } from '~/content/faq';
import { reviews } from '~/content/reviews';
import { useSiteData } from '~/lib/site-data';
import { routeMeta } from '~/lib/meta';
import { ServiceArea } from './about/service-area';
import { Timeline } from './about/timeline';

export const meta = () => routeMeta('/about', aboutSeo);

export default function Page() {
  const { hero, values, stats, faq, cta } = aboutContent;
  return (
    <>
      <PageHero
        badge={hero.badge}
        title={hero.title}
        lead={hero.lead}
        body={hero.story}
        image={hero.image}
      >
        <ActionLink icon={MessageSquare} to="/contact">
          {hero.contact}
        </ActionLink>
      </PageHero>

      <Timeline />

      <Section id="vaerdier" muted heading={values}>
        <IconPointGrid points={values.items} />
      </Section>

      <Section id="tal" heading={stats}>
        <StatGrid stats={stats.items} />
      </Section>

      {/* SITE_HAS_REVIEWS (vite.config.ts): with no reviews the section's code is not bundled */}
      {import.meta.env.SITE_HAS_REVIEWS !== false && reviews.length > 0 ? (
        <CustomerReviews reviews={reviews} muted />
      ) : null}

      <ServiceArea />

      <Section id="faq" heading={faq}>
        <FaqAccordion items={faqItems(useSiteData())} />
      </Section>

      <ClosingCta heading={cta.heading} text={cta.text} />
    </>
  );
}
