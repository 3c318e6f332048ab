import { CalendarCheck, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { ClosingCta } from '~/components/sections/closing-cta';
import { PageHero } from '~/components/sections/page-hero';
import { ProcessSteps } from '~/components/sections/process-steps';
import { Section } from '~/components/sections/section-heading';
import { Button } from '~/components/ui/button';
import { business, telHref } from '~/content/business';
import { videos } from '~/content/embeds';
import { portfolioContent } from '~/content/portfolio';
import { routeMeta } from '~/lib/meta';
import { Gallery } from './portfolio/gallery';
import { Videos } from './portfolio/videos';

export const meta = () => routeMeta('/vores-arbejde');

export default function Page() {
  const { hero, gallery, videos: videoText, process, cta } = portfolioContent;
  return (
    <>
      <PageHero badge={hero.badge(gallery.images)} title={hero.title} lead={hero.lead}>
        <Button asChild size="lg">
          <Link to="/contact#form">
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
