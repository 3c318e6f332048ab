import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { faqItems as faqItemsOf } from '~/content/faq';
import { seededSiteData } from '../support/site-data';

const faqItems = faqItemsOf(seededSiteData);
import AboutPage from '~/pages/about';
import { renderRoute, subheadings } from './render-route';

const faqRegion = () => screen.getByRole('region', { name: 'Ofte stillede spørgsmål' });
const question = (index: number) =>
  within(faqRegion()).getByRole('button', { name: faqItems[index]!.question });

describe('About page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('has one h1, the company story and a button to /contact', () => {
    renderRoute('/about', AboutPage);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByText(/grundlagt i august 2024 som en enkeltmandsvirksomhed/)).toBeVisible();
    expect(screen.getByText(/Alt arbejde udføres i vores eget værksted/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Kontakt os' })).toHaveAttribute('href', '/contact');
  });

  it('shows the four timeline entries in order', () => {
    renderRoute('/about', AboutPage);
    const timeline = screen.getByRole('region', { name: 'Fra idé til værksted' });
    const entries = within(timeline).getAllByRole('listitem');
    expect(entries.map((entry) => entry.querySelector('p')?.textContent)).toEqual([
      'Aug 2024',
      'Sep 2024',
      'Okt 2024',
      '2024-2025',
    ]);
    expect(entries[3]).toHaveTextContent(/Vejle og Fredericia/);
  });

  it('shows five values and the four statistics of the spec', () => {
    renderRoute('/about', AboutPage);
    expect(subheadings('Det står vi for')).toEqual([
      'Kvalitet',
      'Pålidelighed',
      'Kundefokus',
      'Innovation',
      'Lokalt engagement',
    ]);
    const stats = screen.getByRole('region', { name: 'Glanspunkt i tal' });
    const tiles = within(stats).getAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual([
      expect.stringMatching(/^100\+Tilfredse kunder/),
      // the age as of the unit tests' build moment, 29 November 2026 (vitest.config.ts)
      expect.stringMatching(/^2 årEtableret/),
      expect.stringMatching(/^98 %Kundetilfredshed/),
      expect.stringMatching(/^100 %Godkendte produkter/),
    ]);
  });

  it('shows the address, the opening hours and a map slot in the service area', () => {
    renderRoute('/about', AboutPage);
    const area = screen.getByRole('region', { name: 'Vores serviceområde' });
    expect(within(area).getByText('Virkelyst 7B, 6000 Kolding')).toBeVisible();
    expect(within(area).getByText('Mandag - Torsdag')).toBeVisible();
    expect(within(area).getByText('Lukket')).toBeVisible();
    // The map is click-to-load: a preview and a button, no iframe before the click.
    expect(within(area).getByRole('button', { name: /Vis kortet/ })).toBeVisible();
    expect(area.querySelector('iframe')).toBeNull();
    expect(within(area).getByRole('link', { name: /Åbn i Google Maps/ })).toHaveAttribute(
      'href',
      expect.stringContaining('google.com/maps'),
    );
  });

  it('lists seven FAQ questions, all closed at first', () => {
    renderRoute('/about', AboutPage);
    const buttons = within(faqRegion()).getAllByRole('button');
    expect(buttons).toHaveLength(7);
    for (const button of buttons) expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText(faqItems[2]!.answer)).toBeNull();
  });

  it('opens one answer at a time, and clicking the open question closes it', async () => {
    const user = userEvent.setup();
    renderRoute('/about', AboutPage);

    await user.click(question(0));
    expect(question(0)).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByText(faqItems[0]!.answer)).toBeVisible();

    await user.click(question(2));
    expect(question(2)).toHaveAttribute('aria-expanded', 'true');
    expect(question(0)).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText(/2-3 år/)).toBeVisible();
    expect(screen.queryByText(faqItems[0]!.answer)).toBeNull();

    await user.click(question(2));
    expect(question(2)).toHaveAttribute('aria-expanded', 'false');
    expect(
      within(faqRegion())
        .getAllByRole('button')
        .filter((b) => b.getAttribute('aria-expanded') === 'true'),
    ).toHaveLength(0);
  });

  it('answers with the real prices and durations of the packages', async () => {
    const user = userEvent.setup();
    renderRoute('/about', AboutPage);
    await user.click(question(0));
    expect(screen.getByText(faqItems[0]!.answer)).toHaveTextContent(
      /199 kr\..*799 kr\..*1\.800 kr\..*3\.600 kr\./,
    );
    await user.click(question(1));
    expect(screen.getByText(faqItems[1]!.answer)).toHaveTextContent(
      /30 min.*3 timer.*8 timer.*18 timer/,
    );
  });

  it('staggers the FAQ items 100 ms apart once the list scrolls into view', () => {
    let notify: ((entries: Array<{ isIntersecting: boolean }>) => void) | undefined;
    class FakeObserver {
      constructor(callback: (entries: Array<{ isIntersecting: boolean }>) => void) {
        notify = callback;
      }
      observe() {}
      disconnect() {}
    }
    vi.stubGlobal('IntersectionObserver', FakeObserver);
    renderRoute('/about', AboutPage);
    const list = faqRegion().querySelector('[data-animation]')!;
    expect(list).toHaveAttribute('data-animation', 'waiting');
    const items = Array.from(list.querySelectorAll<HTMLElement>('.faq-item'));
    expect(items.map((item) => item.style.animationDelay)).toEqual([
      '0ms',
      '100ms',
      '200ms',
      '300ms',
      '400ms',
      '500ms',
      '600ms',
    ]);
    act(() => notify!([{ isIntersecting: true }]));
    expect(list).toHaveAttribute('data-animation', 'entering');
  });

  it('asks the FAQ questions of the spec and closes with "Send besked" to /contact', () => {
    renderRoute('/about', AboutPage);
    const questions = within(faqRegion())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(questions).toContain('Hvor længe holder en nano-keramisk coating?');
    expect(questions).toEqual(faqItems.map((item) => item.question));
    expect(screen.getByRole('link', { name: 'Send besked' })).toHaveAttribute(
      'href',
      '/contact#besked',
    );
  });
});
