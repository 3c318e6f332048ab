import { CalendarCheck } from 'lucide-react';
import { ActionLink, CallButton } from '~/components/sections/action-link';
import { ClosingCta } from '~/components/sections/closing-cta';
import { PageHero } from '~/components/sections/page-hero';
import { ProcessSteps } from '~/components/sections/process-steps';
import { Section } from '~/components/sections/section-heading';
import { BOOKING_FORM_HREF } from '~/content/navigation';
import { videos } from '~/content/embeds';
import { portfolioContent, portfolioSeo } from '~/content/portfolio';
import { routeMeta } from '~/lib/meta';
import { Gallery } from './portfolio/gallery';
import { Videos } from './portfolio/videos';

export const meta = () => routeMeta('/vores-arbejde', portfolioSeo);

export default function Page() {
  const { hero, gallery, videos: videoText, process, cta } = portfolioContent;
  return (
    <>
      <PageHero badge={hero.badge(gallery.images)} title={hero.title} lead={hero.lead}>
        <ActionLink icon={CalendarCheck} to={BOOKING_FORM_HREF}>
          {hero.book}
        </ActionLink>
        <CallButton variant="outline" />
      </PageHero>

      <Section id="galleri" heading={gallery}>
        <Gallery images={gallery.images} text={gallery} />
      </Section>

      <Section id="videoer" muted heading={videoText}>
        <Videos videos={videos} />
      </Section>

      <Section id="proces" heading={process}>
        <ProcessSteps steps={process.steps} />
      </Section>

      <ClosingCta heading={cta.heading} text={cta.text} />
    </>
  );
}
