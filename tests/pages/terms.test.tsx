import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SiteFacts } from '~/lib/site-data';
import TermsPage from '~/pages/terms';
import { seededSiteFacts } from '../support/site-data';
import { renderRoute } from './render-route';

/** The page as its build-time loader writes it from the site data. */
const renderTerms = (data: SiteFacts = seededSiteFacts) =>
  renderRoute('/handelsbetingelser', TermsPage, data);

/** The page's figures: notice hours, moves per booking, the booking window (in its own words). */
function figures() {
  const section = (name: RegExp) => screen.getByRole('region', { name });
  const cancel = section(/Afbestilling og flytning/).textContent ?? '';
  const booking = section(/Booking$/).textContent ?? '';
  return {
    noticeHours: [...cancel.matchAll(/indtil (\d+) timer? før/g)].map((m) => Number(m[1])),
    moves: Number(/højst (\d+) gange? pr\. booking/.exec(cancel)?.[1]),
    window: /fra (\d+) dage? til (\d+) dage? frem/.exec(booking)?.slice(1).map(Number),
  };
}

describe('/handelsbetingelser', () => {
  it('states the settings of the seeded database: 24 hours, 3 moves, 1 to 60 days', () => {
    renderTerms();
    expect(screen.getByRole('heading', { level: 1, name: 'Handelsbetingelser' })).toBeVisible();
    expect(figures()).toEqual({ noticeHours: [24, 24], moves: 3, window: [1, 60] });
  });

  it('changes its figures when the settings change (the build reads them with the site data)', () => {
    const changed: SiteFacts = {
      ...seededSiteFacts,
      cancellationNoticeHours: 48,
      maxMovesPerBooking: 1,
      bookingWindowDays: { min: 2, max: 30 },
    };
    renderTerms(changed);
    expect(figures()).toEqual({ noticeHours: [48, 48], moves: 1, window: [2, 30] });
    expect(screen.getByText(/højst 1 gang pr\. booking/)).toBeInTheDocument();
  });

  it('writes the car sizes of § 6 from the data: a renamed size is the page’s new word', () => {
    const sizes = () => screen.getByRole('region', { name: /Større køretøjer/ }).textContent ?? '';
    const { unmount } = renderTerms();
    expect(sizes()).toContain('Pakkernes priser gælder en almindelig personbil.');
    for (const size of seededSiteFacts.carSizes) expect(sizes()).toContain(size.name);
    expect(sizes()).toContain('SUV, stationcar, MPV og store sedaner.');
    unmount();
    renderTerms({
      ...seededSiteFacts,
      carSizes: seededSiteFacts.carSizes.map((size) =>
        size.code === 'varebil'
          ? { ...size, name: 'Varevogn', description: 'Alle varevogne.' }
          : size,
      ),
    });
    expect(sizes()).toContain('Varevogn');
    expect(sizes()).toContain('Alle varevogne.');
    expect(sizes()).not.toContain('Varebil');
  });

  it('states payment at pickup, larger vehicles, no-show, withdrawal and where to complain', () => {
    renderTerms();
    const text = document.body.textContent ?? '';
    for (const part of [
      'Du betaler, når du henter bilen',
      'MobilePay',
      'inkl. moms',
      'Større køretøjer',
      'Udeblivelse',
      '14 dages fortrydelsesret',
      'Center for Klageløsning',
      'Forbrugerklagenævnet',
      'Toldboden 2, 8800 Viborg',
      'CVR-nr.',
      'Virkelyst 7B, 6000 Kolding',
      '+45 12 34 56 78',
    ])
      expect(text, part).toContain(part);
    // the EU's ODR platform closed on 20 July 2025: no link to it
    expect(document.querySelector('a[href*="ec.europa.eu/odr"]')).toBeNull();
    // it ends with the online booking beside the phone
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Book din tid online' })).toHaveAttribute(
      'href',
      '/contact#form',
    );
    expect(within(footer).getByRole('link', { name: /Ring \+45 12 34 56 78/ })).toBeVisible();
  });
});
