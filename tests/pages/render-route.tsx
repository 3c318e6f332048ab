import { render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { privacySections } from '~/content/privacy';
import { termsSections } from '~/content/terms';
import { priceRangesData } from '~/components/sections/price-ranges';
import { jobCatalogueData } from '~/lib/job-catalogue';
import { SITE_DATA_ROUTE_ID, siteDataFrom, type SiteFacts } from '~/lib/site-data';
import { seededSiteFacts } from '../support/site-data';

/** A page's own loader data as its build-time loader writes it from the facts. */
export type PageData = (facts: SiteFacts) => unknown;

/**
 * The route data of each page that has a loader, by path, as the loader writes it from the build's
 * facts. page-loaders.test.ts holds this to the pages' real loaders.
 */
export const PAGE_DATA: Readonly<Record<string, PageData>> = {
  '/': priceRangesData,
  '/services': (facts) => ({ ...jobCatalogueData(facts), ...priceRangesData(facts) }),
  '/contact': jobCatalogueData,
  '/privatlivspolitik': () => ({ sections: privacySections() }),
  '/handelsbetingelser': (facts) => ({ sections: termsSections(facts) }),
};

/** Shows where the app navigated to (path, query, hash and state) so tests can assert it. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location">
      {JSON.stringify({
        pathname: location.pathname,
        search: location.search,
        hash: location.hash,
        state: location.state as unknown,
      })}
    </output>
  );
}

/**
 * Renders a page at `path` in a memory router, inside a layout route that holds the site data (as
 * the real site layout's loader does, src/lib/site-data.ts); every other route renders a location
 * probe. The page's own route data, if it has a loader (PAGE_DATA), is written from the same facts.
 */
export function renderRoute(path: string, Page: ComponentType, facts: SiteFacts = seededSiteFacts) {
  const siteData = siteDataFrom(facts);
  const pageData = PAGE_DATA[path.split(/[?#]/)[0] ?? path];
  const page = pageData ? pageData(facts) : undefined;
  const router = createMemoryRouter(
    [
      {
        id: SITE_DATA_ROUTE_ID,
        Component: Outlet,
        loader: () => siteData,
        shouldRevalidate: () => false,
        children: [
          {
            id: 'page',
            path: path.split(/[?#]/)[0],
            Component: Page,
            ...(pageData ? { loader: () => page, shouldRevalidate: () => false } : {}),
          },
          { path: '*', Component: LocationProbe },
        ],
      },
    ],
    {
      initialEntries: [path],
      hydrationData: {
        loaderData: { [SITE_DATA_ROUTE_ID]: siteData, ...(pageData ? { page } : {}) },
      },
    },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}

export function readLocation(text: string | null) {
  return JSON.parse(text ?? '{}') as {
    pathname: string;
    search: string;
    hash: string;
    state: unknown;
  };
}

/** The texts of the level-3 headings in a container, or in the region of that name, in order. */
export function subheadings(container: HTMLElement | string): (string | null)[] {
  const root =
    typeof container === 'string' ? screen.getByRole('region', { name: container }) : container;
  return within(root)
    .getAllByRole('heading', { level: 3 })
    .map((heading) => heading.textContent);
}

/** The six packages of the spec as their cards state them: title, price, duration; washes first. */
export const SPEC_PACKAGES = [
  ['Sølvpakken', '199 kr.', '30 min'],
  ['Guldpakken', '399 kr.', '2 timer'],
  ['Premiumpakken', '799 kr.', '3 timer'],
  ['Sølvpakken polering', '1.800 kr.', '8 timer'],
  ['Guldpakken polering', '2.400 kr.', '14 timer'],
  ['Premiumpakken polering', '3.600 kr.', '18 timer'],
] as const;

/** The package card (its article) headed by `title`. */
export function packageCard(title: string): HTMLElement {
  return screen.getByRole('heading', { name: title, level: 3 }).closest('article')!;
}
