import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { SITE_DATA_ROUTE_ID } from '~/lib/site-data';
import { seededSiteData } from '../support/site-data';
import { describe, expect, it } from 'vitest';
import { ErrorScreen } from '~/app/layout/error-screen';
import { SiteFooter } from '~/app/layout/site-footer';
import { business } from '~/content/business';
import { footerServiceLinks } from '~/content/navigation';

function renderInRouter(element: React.ReactNode, errorElement?: React.ReactNode) {
  const router = createMemoryRouter(
    [
      {
        id: SITE_DATA_ROUTE_ID,
        loader: () => seededSiteData,
        Component: Outlet,
        children: [{ path: '/', element, errorElement }],
      },
    ],
    {
      initialEntries: ['/'],
      hydrationData: { loaderData: { [SITE_DATA_ROUTE_ID]: seededSiteData } },
    },
  );
  return render(<RouterProvider router={router} />);
}

describe('site footer', () => {
  it('holds everything the spec lists for it', () => {
    renderInRouter(<SiteFooter />);
    const footer = screen.getByRole('contentinfo');
    const f = within(footer);

    expect(f.getAllByRole('link', { name: /Glanspunkt – til forsiden/ })[0]).toHaveAttribute(
      'href',
      '/',
    );
    expect(f.getByText(business.blurb)).toBeInTheDocument();
    // Two social links (placeholders), opened in a new tab.
    for (const name of ['Facebook', 'Instagram']) {
      const link = f.getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      // a brand mark, hidden from assistive technology (the link carries the name), not the
      // thumbs-up and camera that stood in before
      const mark = link.querySelector('svg')!;
      expect(mark).toHaveAttribute('aria-hidden', 'true');
      expect(mark.getAttribute('class')).not.toMatch(/lucide-(thumbs-up|camera)/);
    }
    expect(f.getByRole('link', { name: 'Instagram' }).querySelector('rect')).not.toBeNull();
    // Every service link goes to /services.
    const services = within(f.getByRole('heading', { name: 'Tjenester' }).parentElement!);
    const serviceLinks = services.getAllByRole('link');
    expect(serviceLinks).toHaveLength(footerServiceLinks.length);
    for (const link of serviceLinks) expect(link).toHaveAttribute('href', '/services');
    // Quick links to every page and the privacy policy.
    const quick = within(f.getByRole('heading', { name: 'Hurtige links' }).parentElement!);
    expect(quick.getByRole('link', { name: 'Privatlivspolitik' })).toHaveAttribute(
      'href',
      '/privatlivspolitik',
    );
    expect(quick.getByRole('link', { name: 'Vores Arbejde' })).toHaveAttribute(
      'href',
      '/vores-arbejde',
    );
    // Contact block: the footer's own phone number, what it is for and when it is answered, the
    // e-mail and the address.
    const phone = f.getByRole('link', { name: `Værkstedet: ${business.footerPhone.display}` });
    expect(phone).toHaveAttribute('href', `tel:${business.footerPhone.e164}`);
    // answered whenever the workshop is open: the hours (site data) in the same column below
    expect(phone.nextElementSibling).toHaveTextContent('Besvares i åbningstiden (se herunder).');
    const hours = f.getByRole('heading', { name: 'Åbningstider' });
    expect(phone.compareDocumentPosition(hours) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(f.getByRole('link', { name: business.email })).toHaveAttribute(
      'href',
      `mailto:${business.email}`,
    );
    expect(f.getByText('Virkelyst 7B, 6000 Kolding')).toBeInTheDocument();
    // Opening hours, copyright 2024 and the CVR number.
    for (const [days, hours] of [
      ['Mandag - Torsdag', '09:00 - 20:00'],
      ['Fredag', '08:00 - 17:00'],
      ['Lørdag', '10:00 - 16:00'],
      ['Søndag', 'Lukket'],
    ]) {
      expect(f.getByText(days!).nextElementSibling).toHaveTextContent(hours!);
    }
    expect(f.getByText(/© 2024 Glanspunkt/)).toBeInTheDocument();
    expect(f.getByText(`CVR-nr. ${business.cvr}`)).toBeInTheDocument();
  });
});

describe('routing failure', () => {
  it('shows the generic error screen with a way home', async () => {
    function Broken(): React.ReactNode {
      throw new Error('boom');
    }
    const consoleError = console.error;
    console.error = () => {};
    try {
      renderInRouter(<Broken />, <ErrorScreen />);
      expect(
        await screen.findByRole('heading', { name: 'Unexpected Application Error!' }),
      ).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Til forsiden' })).toHaveAttribute('href', '/');
    } finally {
      console.error = consoleError;
    }
  });
});
