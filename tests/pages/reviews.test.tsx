import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Review } from '~/content/reviews';
import { reviews as committed } from '~/content/reviews';
import AboutPage from '~/pages/about';
import HomePage from '~/pages/home';
import { renderRoute } from './render-route';

/** A fixture for this test only: the committed list stays empty (no invented reviews). */
const fixture: Review[] = [
  {
    name: 'Testkunde A.',
    car: 'Testbil 1',
    quote: 'Citat fra testen, ikke en rigtig anmeldelse.',
    date: '2026-11-20',
    source: 'Google',
    url: 'https://example.com/anmeldelse',
  },
  {
    name: 'Testkunde B.',
    car: 'Testbil 2',
    quote: 'Endnu et citat fra testen.',
    date: '2026-03-02',
    source: 'Facebook',
  },
];

const list = vi.hoisted(() => ({ current: [] as Review[] }));
vi.mock('~/content/reviews', async (original) => {
  const actual = await original<typeof import('~/content/reviews')>();
  return {
    ...actual,
    get reviews() {
      return list.current;
    },
  };
});

afterEach(() => {
  list.current = [];
});

const pages = [
  ['/', HomePage],
  ['/about', AboutPage],
] as const;

describe('customer reviews', () => {
  it('the committed list is empty: no invented reviews', async () => {
    const actual = await vi.importActual<typeof import('~/content/reviews')>('~/content/reviews');
    expect(actual.reviews).toEqual([]);
    expect(committed).toEqual([]);
  });

  it.each(pages)('%s shows no reviews section while there are none', (path, Page) => {
    renderRoute(path, Page);
    expect(screen.queryByRole('region', { name: 'Det siger vores kunder' })).toBeNull();
  });

  it.each(pages)('%s shows each review: quote, name, car, month and source', async (path, Page) => {
    list.current = fixture;
    renderRoute(path, Page);
    // the section's code loads when there are reviews
    const section = await screen.findByRole('region', { name: 'Det siger vores kunder' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Citat fra testen, ikke en rigtig anmeldelse.');
    expect(items[0]).toHaveTextContent('Testkunde A., Testbil 1');
    expect(items[0]).toHaveTextContent('november 2026 på Google');
    expect(within(items[0]!).getByRole('link', { name: 'på Google' })).toHaveAttribute(
      'href',
      'https://example.com/anmeldelse',
    );
    expect(items[0]!.querySelector('time')).toHaveAttribute('datetime', '2026-11-20');
    expect(items[1]).toHaveTextContent('marts 2026 på Facebook');
    expect(within(items[1]!).queryByRole('link')).toBeNull();
  });
});
