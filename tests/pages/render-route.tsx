import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, useLocation } from 'react-router';
import { SITE_DATA_ROUTE_ID, type SiteData } from '~/lib/site-data';
import { seededSiteData } from '../support/site-data';

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
 * probe.
 */
export function renderRoute(
  path: string,
  Page: ComponentType,
  siteData: SiteData = seededSiteData,
) {
  const router = createMemoryRouter(
    [
      {
        id: SITE_DATA_ROUTE_ID,
        Component: Outlet,
        loader: () => siteData,
        shouldRevalidate: () => false,
        children: [
          { path: path.split(/[?#]/)[0], Component: Page },
          { path: '*', Component: LocationProbe },
        ],
      },
    ],
    { initialEntries: [path], hydrationData: { loaderData: { [SITE_DATA_ROUTE_ID]: siteData } } },
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
