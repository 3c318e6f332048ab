import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { Toaster } from 'sonner';
import { BookingForm } from '~/features/booking/components/booking-form';

/** Renders the form on /contact as the site does, with a toast area. */
export function renderBookingForm(options: { search?: string; state?: unknown } = {}) {
  const router = createMemoryRouter(
    [
      {
        path: '/contact',
        element: (
          <>
            <BookingForm />
            <Toaster />
          </>
        ),
      },
    ],
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
