import { CalendarCheck } from 'lucide-react';
import { useLoaderData } from 'react-router';
import { ActionLink, CallButton } from '~/components/sections/action-link';
import { business, mailtoHref } from '~/content/business';
import { BOOKING_FORM_HREF } from '~/content/navigation';
import { sectionText } from '~/content/sections';
import { termsSections, termsSeo, termsText } from '~/content/terms';
import { routeMeta } from '~/lib/meta';
import { loadSiteFacts } from '~/lib/site-data.server';
import { TermsSectionBlock } from './terms/terms-section';

export const meta = () => routeMeta('/handelsbetingelser', termsSeo);

/**
 * The sections, written from the site data (the engine's settings, the car sizes) when the page is
 * prerendered: their text reaches the browser in the page's HTML and its route data, not in its
 * JavaScript (a client navigation fetches the data beside the page's code).
 */
export async function loader() {
  return { sections: termsSections(await loadSiteFacts()) };
}

/** One build's snapshot, as the site data's. */
export function shouldRevalidate() {
  return false;
}

/** Handelsbetingelser: the booking's terms, its figures from the engine's settings. */
export default function Page() {
  const { sections } = useLoaderData<typeof loader>();
  const { title, lead, updatedLabel, updated, updatedIso, contactText } = termsText;
  return (
    <article className="container max-w-3xl py-14 sm:py-20">
      <header className="space-y-4 border-b pb-8">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        <p className="text-lg text-muted-foreground">{lead}</p>
        <p className="text-sm text-muted-foreground">
          {updatedLabel} <time dateTime={updatedIso}>{updated}</time>
        </p>
      </header>

      <div className="mt-10 space-y-10">
        {sections.map((section, index) => (
          <TermsSectionBlock key={section.id} section={section} number={index + 1} />
        ))}
      </div>

      <footer className="mt-12 space-y-6 border-t pt-8">
        <p>
          {contactText}{' '}
          <a href={mailtoHref} className="font-semibold text-primary underline underline-offset-4">
            {business.email}
          </a>
          .
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <ActionLink icon={CalendarCheck} to={BOOKING_FORM_HREF}>
            {sectionText.bookOnline}
          </ActionLink>
          <CallButton variant="outline" />
        </div>
      </footer>
    </article>
  );
}
