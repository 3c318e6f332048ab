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
export interface SitePage {
  /** The URL path. */
  path: `/${string}`;
  /** Label in the header's main navigation (and the footer's quick links). */
  nav?: string;
  /** Label in the footer's quick links only. */
  footer?: string;
  /**
   * Opened from a link with a secret token (booking e-mails): sends no Referer (deploy/), is not
   * indexed and writes its own meta with `noindex`. Every other page is indexed: it is listed in
   * sitemap.xml and carries the shared meta tags (canonical URL, OpenGraph), with the title and
   * description its page module's `meta` takes from its content (`…Seo` in src/content): there,
   * so that a page's first load carries its own texts and not every page's
   * (tests/content/page-seo.test.ts holds every indexed page to having them).
   */
  linkToken?: true;
  /**
   * The owner's own tool (/ejer): prerendered without data, not indexed (its meta says `noindex`),
   * not in sitemap.xml or the navigation. Its code is loaded with import() by the page itself.
   */
  owner?: true;
}

export const sitePages = {
  home: {
    path: '/',
    nav: 'Hjem',
  },
  services: {
    path: '/services',
    nav: 'Tjenester',
  },
  about: {
    path: '/about',
    nav: 'Om os',
  },
  portfolio: {
    path: '/vores-arbejde',
    nav: 'Vores Arbejde',
  },
  contact: {
    path: '/contact',
    nav: 'Kontakt',
  },
  privacy: {
    path: '/privatlivspolitik',
    footer: 'Privatlivspolitik',
  },
  terms: {
    path: '/handelsbetingelser',
    footer: 'Handelsbetingelser',
  },
  // Reached from the links in a booking e-mail: prerendered, not indexed, not in the navigation.
  cancel: { path: '/afbestil', linkToken: true },
  reschedule: { path: '/flyt', linkToken: true },
  // the "Nej tak" link in a review request
  'review-opt-out': { path: '/nej-tak', linkToken: true },
} as const satisfies Record<string, SitePage>;

/**
 * The owner's pages: the phone tool for the day's cars (/ejer, signed in). Part of the route table
 * (pageList) like every other page, but apart from `sitePages`, which the navigation carries into
 * every page's first load: no public page is a byte heavier for them.
 */
export const ownerPages = {
  owner: { path: '/ejer', owner: true },
} as const satisfies Record<string, SitePage>;

type Entry =
  (typeof sitePages)[keyof typeof sitePages] | (typeof ownerPages)[keyof typeof ownerPages];
/** The path of an indexed page (one not behind an e-mail link, not the owner's). */
export type IndexedPath = Exclude<Entry, { linkToken: true } | { owner: true }>['path'];

// Functions rather than constants, so the browser bundle (which needs only the table) leaves them out.

/** Every page of the table with its module name, in table order. */
export function pageList(): (SitePage & { page: string })[] {
  return Object.entries({ ...sitePages, ...ownerPages }).map(([page, entry]) => ({
    ...entry,
    page,
  }));
}

/**
 * The site is built twice (local/cli/build.ts): the public pages, then the owner's pages apart,
 * so that React Router's route manifest and the chunk split of every public page know nothing of
 * the owner's tool (each route in the manifest costs every page ~28 bytes gzipped, and a shared
 * component would be split out of a public page's chunk). `SITE_ROUTES` names the build: 'public',
 * 'owner', or unset (the dev server and the route types: every page in one app).
 */
export type RouteBuild = 'public' | 'owner' | 'all';

/** The build SITE_ROUTES names; anything else is refused, not silently built as every page. */
export function routeBuild(value: string | undefined): RouteBuild {
  if (value === undefined || value === '' || value === 'all') return 'all';
  if (value === 'public' || value === 'owner') return value;
  throw new Error(`SITE_ROUTES must be 'public', 'owner' or unset, not '${value}'`);
}

/** The pages a build routes and prerenders, in table order. */
export function buildPages(build: RouteBuild): (SitePage & { page: string })[] {
  if (build === 'all') return pageList();
  return pageList().filter((p) => (build === 'owner') === (p.owner === true));
}

/** The indexed pages' paths, in table order: the sitemap and the SEO checks. */
export function indexedPaths(): IndexedPath[] {
  return pageList()
    .filter((p) => !p.linkToken && !p.owner)
    .map((p) => p.path as IndexedPath);
}
