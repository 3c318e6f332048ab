/**
 * The route table: every page of the site, once, keyed by its module in src/pages (`about` is
 * src/pages/about.tsx). The routes (src/app/routes.ts), the prerender list and the sitemap
 * (react-router.config.ts), the header and footer navigation (navigation.ts), the title and
 * description of each page (seo.ts, src/lib/meta.ts) and the e2e route list (e2e/support/routes.ts)
 * are all derived from it. A new page is its file in src/pages plus one entry here (its first-load
 * JS is then held to the site's 150 KB limit in e2e/budgets.spec.ts until it gets a tighter ceiling
 * of its own there). The unknown-path page (404) is not an entry: it is the catch-all route.
 *
 * Imported by the build configuration under Node: relative imports only.
 */
import { fromPricesSentence, type SiteData } from '../lib/site-data';
import { business } from './business';

export interface PageSeo {
  /** At most 60 characters. */
  title: string;
  /** At most 155 characters; a function when it states facts from the database. */
  description: string | ((data: SiteData) => string);
}

export interface SitePage extends Partial<PageSeo> {
  /** The URL path. */
  path: `/${string}`;
  /** Label in the header's main navigation (and the footer's quick links). */
  nav?: string;
  /** Label in the footer's quick links only. */
  footer?: string;
  /** Opened from a link with a secret token (booking e-mails): sends no Referer (deploy/). */
  linkToken?: true;
  // `title` and `description`: an indexed page has them; it is listed in sitemap.xml and carries
  // the shared meta tags (canonical URL, OpenGraph). A page without them (reached only from an
  // e-mail link) is not indexed and writes its own meta with `noindex`.
}

export const sitePages = {
  home: {
    path: '/',
    nav: 'Hjem',
    title: 'Glanspunkt – bilpleje og detailing i Kolding',
    description:
      'Bilvask, polering, nano-keramisk coating og fælgbehandling i eget værksted i Kolding. Book din tid online.',
  },
  services: {
    path: '/services',
    nav: 'Tjenester',
    title: 'Tjenester og priser – Glanspunkt Kolding',
    description: (data: SiteData) =>
      `${fromPricesSentence(data.services)} Se priser, indhold og varighed, og book online.`.trim(),
  },
  about: {
    path: '/about',
    nav: 'Om os',
    title: 'Om os – Glanspunkt Kolding',
    description:
      'Lokal bilpleje i Kolding siden august 2024. Mød virksomheden, vores værdier og få svar på ofte stillede spørgsmål.',
  },
  portfolio: {
    path: '/vores-arbejde',
    nav: 'Vores Arbejde',
    title: 'Vores arbejde – Glanspunkt Kolding',
    description:
      'Se billeder og videoer af vores polering, nano-coating, fælgbehandling og bilvask.',
  },
  contact: {
    path: '/contact',
    nav: 'Kontakt',
    title: 'Kontakt og booking – Glanspunkt Kolding',
    description: `Ring, skriv eller book din tid online. Vi svarer inden for ${business.replyWithinHours} timer på hverdage.`,
  },
  privacy: {
    path: '/privatlivspolitik',
    footer: 'Privatlivspolitik',
    title: 'Privatlivspolitik – Glanspunkt Kolding',
    description:
      'Sådan behandler Glanspunkt dine personoplysninger, når du kontakter os eller booker en tid.',
  },
  terms: {
    path: '/handelsbetingelser',
    footer: 'Handelsbetingelser',
    title: 'Handelsbetingelser – Glanspunkt Kolding',
    description:
      'Betingelser for booking hos Glanspunkt: afbestilling og flytning, betaling ved afhentning, større køretøjer, fortrydelsesret og klagemuligheder.',
  },
  // Reached from the links in a booking e-mail: prerendered, not indexed, not in the navigation.
  cancel: { path: '/afbestil', linkToken: true },
  reschedule: { path: '/flyt', linkToken: true },
} as const satisfies Record<string, SitePage>;

type Entry = (typeof sitePages)[keyof typeof sitePages];
/** The path of an indexed page (one with a title and description). */
export type IndexedPath = Extract<Entry, PageSeo>['path'];

// Functions rather than constants, so the browser bundle (which needs only the table) leaves them out.

/** Every page of the table with its module name, in table order. */
export function pageList(): (SitePage & { page: string })[] {
  return Object.entries(sitePages).map(([page, entry]) => ({ ...entry, page }));
}

/** The indexed pages' paths, in table order: the sitemap and the SEO checks. */
export function indexedPaths(): IndexedPath[] {
  return pageList()
    .filter((p) => p.title)
    .map((p) => p.path as IndexedPath);
}
