import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { seededSiteData, seededSiteFacts } from '../support/site-data';
import HomePage from '~/pages/home';
import { packageCard, readLocation, renderRoute, SPEC_PACKAGES, subheadings } from './render-route';

describe('Home page', () => {
  it('has one h1 and the hero actions: booking link to /contact and a tel: call button', () => {
    renderRoute('/', HomePage);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Book din tid i dag' })).toHaveAttribute(
      'href',
      '/contact#form',
    );
    const callLinks = screen.getAllByRole('link', { name: /^Ring \+45/ });
    expect(callLinks.length).toBeGreaterThanOrEqual(2); // hero and closing call-to-action
    for (const link of callLinks) expect(link.getAttribute('href')).toMatch(/^tel:\+45\d{8}$/);
  });

  it('shows the four stat tiles with the numbers of the spec', () => {
    renderRoute('/', HomePage);
    const stats = screen.getByRole('region', { name: 'Glanspunkt i tal' });
    const tiles = within(stats).getAllByRole('listitem');
    // the age as of the unit tests' build moment, 29 November 2026 (vitest.config.ts)
    expect(tiles.map((tile) => tile.querySelector('p')?.textContent)).toEqual([
      '2 år',
      '100+',
      '24 timer',
      '5 stjerner',
    ]);
  });

  it('links each of the three main services to /services with "Læs mere"', () => {
    renderRoute('/', HomePage);
    const readMore = screen.getAllByRole('link', { name: /^Læs mere/ });
    expect(readMore).toHaveLength(3);
    for (const link of readMore) expect(link).toHaveAttribute('href', '/services');
    expect(screen.getByRole('heading', { name: 'Nano-keramisk behandling' })).toBeVisible();
  });

  it('shows the three wash packages with price and duration as the spec says', () => {
    renderRoute('/', HomePage);
    for (const [title, price, duration] of SPEC_PACKAGES.slice(0, 3)) {
      expect(packageCard(title)).toHaveTextContent(price);
      expect(packageCard(title)).toHaveTextContent(`Varighed: ${duration}`);
    }
    const premium = packageCard('Premiumpakken');
    expect(premium).toHaveTextContent('Mest populær');
  });

  it('says "fra" on a card only when a bigger car costs more (the route data of /)', () => {
    const price = (title: string) =>
      within(packageCard(title)).getByText(/kr\.$/, { selector: 'p' }).textContent;
    const { unmount } = renderRoute('/', HomePage);
    expect(price('Sølvpakken')).toBe('Pris: fra 199 kr.');
    unmount();
    // Guldpakken priced the same for every size, Sølvpakken not priced per size at all
    const guld = seededSiteFacts.services.find((s) => s.slug === 'vask-guld')!.id;
    const soelv = seededSiteFacts.services.find((s) => s.slug === 'vask-soelv')!.id;
    renderRoute('/', HomePage, {
      ...seededSiteFacts,
      sizePrices: {
        ...seededSiteFacts.sizePrices,
        [guld]: seededSiteFacts.sizePrices[guld]!.map((p) => ({ ...p, price: 399 })),
        [soelv]: [],
      },
    });
    expect(price('Sølvpakken')).toBe('Pris: 199 kr.');
    expect(price('Guldpakken')).toBe('Pris: 399 kr.');
    expect(price('Premiumpakken')).toBe('Pris: fra 799 kr.');
  });

  it('gives every "Vælg pakke" link its own package title in the query and the state', async () => {
    const user = userEvent.setup();
    const titles = seededSiteData.services.filter((s) => s.category === 'vask').map((s) => s.name);
    for (const title of titles) {
      const { unmount } = renderRoute('/', HomePage);
      const link = screen.getByRole('link', { name: `Vælg pakke: ${title}` });
      expect(link).toHaveAttribute('href', `/contact?service=${encodeURIComponent(title)}#form`);
      await user.click(link);
      const location = readLocation(screen.getByTestId('location').textContent);
      expect(location).toEqual({
        pathname: '/contact',
        search: `?service=${encodeURIComponent(title)}`,
        hash: '#form',
        state: { service: title },
      });
      unmount();
    }
  }, 30_000);

  it('teases four work pictures and links to /vores-arbejde', () => {
    renderRoute('/', HomePage);
    const work = screen.getByRole('region', { name: 'Resultater, der taler for sig selv' });
    expect(within(work).getAllByRole('img')).toHaveLength(4);
    expect(within(work).getByRole('link', { name: /Se mere af vores arbejde/ })).toHaveAttribute(
      'href',
      '/vores-arbejde',
    );
  });

  it('loads the hero picture eagerly and every other picture lazily', () => {
    renderRoute('/', HomePage);
    const images = screen.getAllByRole('img');
    const hero = screen.getByRole('img', { name: /Nypoleret bil/ });
    expect(hero).toHaveAttribute('loading', 'eager');
    expect(images.length).toBeGreaterThanOrEqual(11); // hero, 3 services, 3 packages, 4 work
    for (const image of images.filter((image) => image !== hero)) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image.getAttribute('alt')).not.toBe('');
    }
  });

  it('closes with "Send besked" to the message form on /contact', () => {
    renderRoute('/', HomePage);
    expect(screen.getByRole('link', { name: 'Send besked' })).toHaveAttribute(
      'href',
      '/contact#besked',
    );
  });

  it('names the three main services, the four pictures of work and three reasons to choose us', () => {
    renderRoute('/', HomePage);
    for (const name of ['Professionel vask', 'Polering', 'Nano-keramisk behandling'])
      expect(screen.getByRole('heading', { name, level: 3 })).toBeVisible();
    const work = screen.getByRole('region', { name: 'Resultater, der taler for sig selv' });
    expect(
      within(work)
        .getAllByRole('figure')
        .map((figure) => figure.textContent),
    ).toEqual(['Fælgbehandling', 'Polering', 'Nano-coating', 'Klargøring']);
    expect(subheadings('Hvorfor vælge os?')).toEqual([
      'Kvalitetsgodkendte produkter',
      'Personlig service',
      'Lokalt engagement',
    ]);
  });
});
