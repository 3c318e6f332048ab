import { CalendarCheck, ExternalLink } from 'lucide-react';
import { MapEmbed } from '~/components/consent-embed';
import { ActionLink, CallButton } from '~/components/sections/action-link';
import { PageHero } from '~/components/sections/page-hero';
import { Section } from '~/components/sections/section-heading';
import { Button } from '~/components/ui/button';
import { addressLine, business } from '~/content/business';
import { contactContent, contactSeo } from '~/content/contact-page';
import { BookingForm, MessageForm } from '~/features/booking';
import { routeMeta } from '~/lib/meta';
import { jobCatalogueData } from '~/lib/job-catalogue';
import { loadSiteFacts } from '~/lib/site-data.server';
import { BookingTopicNote } from './contact/booking-topic-note';
import { ContactWays } from './contact/contact-ways';
import { InfoCards } from './contact/info-cards';
import { Reasons } from './contact/reasons';

export const meta = () => routeMeta('/contact', contactSeo);

/**
 * The job catalogue for the booking form (car sizes, size prices, add-ons): this page's route
 * data, written when it is prerendered (the layout's data, on every page, leaves it out).
 */
export async function loader() {
  return jobCatalogueData(await loadSiteFacts());
}

/** One build's snapshot, as the site data's. */
export function shouldRevalidate() {
  return false;
}

export default function Page() {
  const { hero, ways, info, reasons, social, map } = contactContent;
  const facebook = business.social[0];
  return (
    <>
      <PageHero badge={hero.badge} title={hero.title} lead={hero.lead}>
        <CallButton />
        <ActionLink icon={CalendarCheck} href="#form" variant="outline">
          {hero.book}
        </ActionLink>
      </PageHero>

      <Section id="kontaktmuligheder" heading={ways}>
        <ContactWays items={ways.items} />
      </Section>

      <section id="form" className="scroll-mt-20 pb-16 sm:pb-20">
        <div className="container max-w-3xl">
          <BookingTopicNote />
          <BookingForm />
        </div>
      </section>

      <MessageForm />

      <Section id="information" heading={info}>
        <InfoCards />
      </Section>

      <Section id="derfor" heading={reasons}>
        <Reasons items={reasons.items} />
        <div className="mt-12 rounded-xl border bg-card p-6 text-center shadow-sm">
          <h3 className="text-xl font-semibold">{social.title}</h3>
          <p className="mt-2 text-muted-foreground">{social.text}</p>
          <Button asChild variant="outline" className="mt-4">
            <a href={facebook.href} target="_blank" rel="noopener noreferrer">
              <ExternalLink aria-hidden="true" />
              {social.label}
              <span className="sr-only"> {social.newTab}</span>
            </a>
          </Button>
        </div>
      </Section>

      <Section id="kort" muted heading={{ ...map, description: addressLine }}>
        <MapEmbed className="mx-auto max-w-4xl" />
      </Section>
    </>
  );
}
