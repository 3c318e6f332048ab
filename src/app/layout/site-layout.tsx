import { Outlet } from 'react-router';
import { layoutText } from '~/content/navigation';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { ScrollManager } from './scroll-manager';
import { siteDataFrom } from '~/lib/site-data';
import { loadSiteFacts } from '~/lib/site-data.server';

/**
 * The packages and opening hours every page shows (src/lib/site-data.ts): read at build time from
 * the Supabase the site books against; the route id is SITE_DATA_ROUTE_ID ('site'). The job
 * catalogue is left to the pages that sell a job (their own loaders).
 */
export async function loader() {
  return siteDataFrom(await loadSiteFacts());
}

/** The data is one build's snapshot: navigating between pages never fetches it again. */
export function shouldRevalidate() {
  return false;
}

export default function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-[100] focus:rounded-md focus:bg-primary focus:px-4 focus:py-2 focus:text-primary-foreground"
      >
        {layoutText.skipToContent}
      </a>
      <ScrollManager />
      <SiteHeader />
      <main id="main" className="flex-1" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
