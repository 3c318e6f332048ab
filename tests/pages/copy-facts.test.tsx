import { render } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '~/app/layout/site-footer';
import { business } from '~/content/business';
import { bookingTopics } from '~/content/booking-topics';
import { faqItems } from '~/content/faq';
import { formatDuration, formatPrice } from '~/lib/format';
import { routeMeta } from '~/lib/meta';
import { SITE_DATA_ROUTE_ID, siteDataFrom, type SiteFacts } from '~/lib/site-data';
import AboutPage from '~/pages/about';
import ContactPage from '~/pages/contact';
import HomePage from '~/pages/home';
import PortfolioPage from '~/pages/portfolio';
import PrivacyPage from '~/pages/privacy';
import ServicesPage from '~/pages/services';
import TermsPage from '~/pages/terms';
import { pageSeos } from '../support/page-seo';
import { openingWeek, seededSiteFacts } from '../support/site-data';
import { PAGE_DATA } from './render-route';

/**
 * Every opening hour, price and duration the copy states comes from the data.
 * The pages are rendered with data that shares no number with the seed (odd prices, durations and
 * hours, a closed Saturday); any price, duration or time left in the copy as a literal shows up
 * as a number the data does not have, and the test names it.
 */
vi.mock('~/features/booking', () => ({
  BookingForm: () => <h2>Book din tid</h2>,
  MessageForm: () => <h2>Skriv til os</h2>,
}));

/** Three of the seeded packages, with prices and durations the seed does not have. */
const oddNumbers: Record<string, [price: number, durationMinutes: number]> = {
  'vask-soelv': [211, 45],
  'vask-guld': [433, 150],
  'polering-guld': [2675, 660],
};

const oddWeekday = ['07:15', '18:45'] as const;

const odd: SiteFacts = {
  services: seededSiteFacts.services.flatMap((service) => {
    const numbers = oddNumbers[service.slug];
    return numbers ? [{ ...service, price: numbers[0], durationMinutes: numbers[1] }] : [];
  }),
  openingHours: openingWeek(
    oddWeekday,
    oddWeekday,
    oddWeekday,
    oddWeekday,
    ['08:30', '15:30'],
    null,
    ['11:00', '13:00'],
  ),
  cancellationNoticeHours: 36,
  maxMovesPerBooking: 5,
  bookingWindowDays: { min: 2, max: 45 },
  carSizes: seededSiteFacts.carSizes,
  addons: seededSiteFacts.addons,
  sizePrices: seededSiteFacts.sizePrices,
};

/** Numbers the copy may state that are not the database's: the business module's own promises. */
const businessHours = [`${business.replyWithinHours} timer`];

function allowed(data: SiteFacts) {
  const times = data.openingHours.flatMap((d) => (d.opensAt ? [d.opensAt, d.closesAt!] : []));
  return {
    prices: new Set(
      [
        ...data.services.flatMap((s) => [
          s.price,
          ...(data.sizePrices[s.id] ?? []).map((p) => p.price),
        ]),
        ...data.addons.map((a) => a.price),
      ].map(formatPrice),
    ),
    durations: new Set([
      ...data.services.map((s) => formatDuration(s.durationMinutes)),
      ...data.addons.map((a) => formatDuration(a.minutes)),
      `${data.cancellationNoticeHours} timer`,
      ...businessHours,
    ]),
    times: new Set(times),
    clock: new Set(times.map((t) => `kl. ${Number(t.slice(0, 2))}`)),
  };
}

/** Every stated price, duration and time in a text that the data does not have. */
export function factsNotInData(text: string, data: SiteFacts): string[] {
  const ok = allowed(data);
  const wrong: string[] = [];
  for (const [m] of text.matchAll(/\d{1,3}(?:\.\d{3})* kr\./g))
    if (!ok.prices.has(m)) wrong.push(m);
  for (const [m] of text.matchAll(/\b\d+ (?:min|timer)\b/g))
    if (!ok.durations.has(m)) wrong.push(m);
  for (const [m] of text.matchAll(/\b\d{2}:\d{2}\b/g)) if (!ok.times.has(m)) wrong.push(m);
  for (const [m] of text.matchAll(/kl\. \d{1,2}(?![:\d])/g)) if (!ok.clock.has(m)) wrong.push(m);
  return wrong;
}

/** A page with its own loader data (PAGE_DATA), written from the same facts. */
function renderWith(path: string, Page: ComponentType, facts: SiteFacts) {
  const data = siteDataFrom(facts);
  const pageData = PAGE_DATA[path];
  const page = pageData?.(facts);
  const router = createMemoryRouter(
    [
      {
        id: SITE_DATA_ROUTE_ID,
        loader: () => data,
        shouldRevalidate: () => false,
        Component: () => (
          <>
            <Outlet />
            <SiteFooter />
          </>
        ),
        children: [
          { id: 'page', path, Component: Page, ...(pageData ? { loader: () => page } : {}) },
        ],
      },
    ],
    {
      initialEntries: [path],
      hydrationData: {
        loaderData: { [SITE_DATA_ROUTE_ID]: data, ...(pageData ? { page } : {}) },
      },
    },
  );
  return render(<RouterProvider router={router} />);
}

const pages: [string, ComponentType][] = [
  ['/', HomePage],
  ['/services', ServicesPage],
  ['/about', AboutPage],
  ['/vores-arbejde', PortfolioPage],
  ['/contact', ContactPage],
  ['/privatlivspolitik', PrivacyPage],
  ['/handelsbetingelser', TermsPage],
];

describe('facts in the copy come from the data', () => {
  it.each(pages)(
    '%s (with the footer) states only the data’s prices, durations and hours',
    (path, Page) => {
      const { container, unmount } = renderWith(path, Page, odd);
      const text = container.textContent ?? '';
      expect(factsNotInData(text, odd)).toEqual([]);
      // and the data's own facts are there: not an empty page that trivially passes
      expect(text).toContain('07:15 - 18:45');
      unmount();
    },
  );

  it('the FAQ answers, the booking notes and every page description agree with the data', () => {
    const texts = [
      ...faqItems(odd).map((item) => item.answer),
      ...Object.values(bookingTopics).map((topic) => topic.text),
      ...(Object.keys(pageSeos) as (keyof typeof pageSeos)[]).flatMap((key) =>
        routeMeta(key, pageSeos[key], 'https://example.dk', odd).flatMap((tag) =>
          'content' in tag ? [tag.content] : [],
        ),
      ),
    ];
    expect(factsNotInData(texts.join('\n'), odd)).toEqual([]);
    expect(faqItems(odd)[0]!.answer).toContain('211 kr.');
    expect(
      faqItems(odd)
        .map((i) => i.answer)
        .join(' '),
    ).toContain('36 timer');
  });

  it('catches a price, duration or hour written into the copy', () => {
    expect(factsNotInData('Bilvask fra 199 kr. på 25 min, åbent til kl. 20 og 16:00', odd)).toEqual(
      ['199 kr.', '25 min', '16:00', 'kl. 20'],
    );
  });
});
