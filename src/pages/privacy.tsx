import { ArrowLeft } from 'lucide-react';
import { Link, useLoaderData } from 'react-router';
import { Button } from '~/components/ui/button';
import { business, mailtoHref } from '~/content/business';
import { privacyContent, privacySections, privacySeo } from '~/content/privacy';
import { routeMeta } from '~/lib/meta';
import { PrivacySectionBlock } from './privacy/privacy-section';

export const meta = () => routeMeta('/privatlivspolitik', privacySeo);

/**
 * The sections, written when the page is prerendered: their text reaches the browser in the page's
 * HTML and its route data, not in its JavaScript (a client navigation fetches the data beside the
 * page's code).
 */
export function loader() {
  return { sections: privacySections() };
}

/** One build's snapshot, as the site data's. */
export function shouldRevalidate() {
  return false;
}

export default function Page() {
  const { sections } = useLoaderData<typeof loader>();
  const { title, lead, updatedLabel, updated, updatedIso, contactText, backHome } = privacyContent;
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
          <PrivacySectionBlock key={section.id} section={section} number={index + 1} />
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
        <Button asChild variant="outline">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            {backHome}
          </Link>
        </Button>
      </footer>
    </article>
  );
}
