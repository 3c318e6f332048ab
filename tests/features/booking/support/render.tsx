import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { BookingForm } from '~/features/booking/components/booking-form';
import { jobCatalogueData } from '~/lib/job-catalogue';
import { SITE_DATA_ROUTE_ID, siteDataFrom, type SiteFacts } from '~/lib/site-data';

/**
 * Renders the form on /contact as the site does, with a toast area; with `siteData`, inside the
 * site layout's route that holds the build's data (the services the form shows until the database
 * answers, and through an outage).
 */
export function renderBookingForm(
  options: { search?: string; state?: unknown; facts?: SiteFacts } = {},
) {
  const page = {
    path: '/contact',
    element: (
      <>
        <BookingForm />
        <Toaster />
      </>
    ),
  };
  // the build's facts as the site layout's loader and /contact's own loader give them
  const facts = options.facts;
  const router = createMemoryRouter(
    facts
      ? [
          {
            id: SITE_DATA_ROUTE_ID,
            path: '/',
            loader: () => siteDataFrom(facts),
            children: [{ ...page, loader: () => jobCatalogueData(facts) }],
          },
        ]
      : [page],
    {
      initialEntries: [
        { pathname: '/contact', search: options.search ?? '', state: options.state ?? null },
      ],
    },
  );
  const user = userEvent.setup();
  const view = render(<RouterProvider router={router} />);
  return { user, router, ...view };
}
