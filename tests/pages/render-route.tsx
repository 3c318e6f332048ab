import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';

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

/** Renders a page at `path` in a memory router; every other route renders a location probe. */
export function renderRoute(path: string, Page: ComponentType) {
  const router = createMemoryRouter(
    [
      { path, Component: Page },
      { path: '*', Component: LocationProbe },
    ],
    { initialEntries: [path] },
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
