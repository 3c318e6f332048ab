import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { seededJobCatalogue, seededSiteData } from '../support/site-data';

const allPackages = seededSiteData.services.map((s) => ({ title: s.name }));
import ServicesPage from '~/pages/services';
import { packageCard, readLocation, renderRoute, SPEC_PACKAGES, subheadings } from './render-route';

describe('Services page', () => {
  const originalScrollIntoView = Element.prototype.scrollIntoView;
  afterEach(() => {
    Element.prototype.scrollIntoView = originalScrollIntoView;
  });

  it('has one h1 and the two package grids inside the section with id="services"', () => {
    renderRoute('/services', ServicesPage);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const section = document.getElementById('services')!;
    expect(section).not.toBeNull();
    expect(within(section).getByRole('heading', { name: 'Professionel Bilvask' })).toBeVisible();
    expect(within(section).getByRole('heading', { name: 'Polering af bil' })).toBeVisible();
    expect(within(section).getAllByRole('article')).toHaveLength(6);
  });

  it("states the 'from' prices in the hero once, without a doubled full stop", () => {
    renderRoute('/services', ServicesPage);
    const lead = screen.getByText(/^Bilvask fra/);
    expect(lead).toHaveTextContent(/^Bilvask fra 199 kr\. og polering fra 1\.800 kr\. Alt /);
    expect(lead.textContent).not.toContain('kr..');
  });

  it("says each package's contents once: the description does not repeat the feature list", () => {
    renderRoute('/services', ServicesPage);
    const words = (text: string) =>
      text
        .toLowerCase()
        .split(/[^a-zæøå0-9-]+/)
        .filter((word) => word.length > 4);
    for (const card of screen.getAllByRole('article')) {
      const features = within(card)
        .getAllByRole('listitem')
        .map((li) => li.textContent!);
      const description = card.querySelector('h3')!.closest('div')!.parentElement!
        .nextElementSibling!.textContent!;
      for (const feature of features) {
        // no feature's content words all appear in the description already
        const contentWords = words(feature);
        if (contentWords.length === 0) continue;
        expect(
          contentWords.every((word) => words(description).includes(word)),
          `${card.querySelector('h3')!.textContent}: "${feature}" repeats "${description}"`,
        ).toBe(false);
      }
    }
  });

  it('shows all six packages with their prices and durations', () => {
    renderRoute('/services', ServicesPage);
    for (const [title, price, duration] of SPEC_PACKAGES) {
      const card = packageCard(title);
      // the spec's price is the ordinary car's: a bigger car costs more (the size prices below)
      expect(within(card).getByText(`fra ${price}`)).toBeVisible();
      expect(card).toHaveTextContent(`Varighed: ${duration}`);
      expect(within(card).getByRole('img')).toHaveAccessibleName(/\w+/);
      expect(within(card).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    }
    const highlighted = screen
      .getAllByRole('article')
      .filter((card) => card.textContent?.includes('Mest populær'));
    expect(highlighted.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Premiumpakken',
    ]);
  });

  it('says "fra" on the cards from the size prices (the price ranges of its route data)', () => {
    const polish = seededSiteData.services.find((s) => s.slug === 'polering-soelv')!.id;
    renderRoute('/services', ServicesPage, {
      ...seededSiteData,
      ...seededJobCatalogue,
      sizePrices: { ...seededJobCatalogue.sizePrices, [polish]: [] },
    });
    const price = (title: string) =>
      within(packageCard(title)).getByText(/kr\.$/, { selector: 'p' }).textContent;
    expect(price('Sølvpakken')).toBe('Pris: fra 199 kr.');
    expect(price('Sølvpakken polering')).toBe('Pris: 1.800 kr.');
    expect(price('Guldpakken polering')).toBe('Pris: fra 2.400 kr.');
  });

  it('lists every package’s price for each car size and the add-ons, from the site data', async () => {
    renderRoute('/services', ServicesPage);
    // the section's code loads apart from the page's: its first import() is transformed on
    // demand, which takes more than findBy's default second on a loaded machine
    const table = await screen.findByRole(
      'table',
      { name: 'Pakkernes priser efter bilens størrelse, inkl. moms' },
      { timeout: 10_000 },
    );
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Pakke', 'Almindelig personbil', 'Stor bil (SUV, stationcar, 7-personers)', 'Varebil'],
      ...seededSiteData.services.map((s) => [
        s.name,
        ...[s.price, ...seededJobCatalogue.sizePrices[s.id]!.map((p) => p.price)].map(
          (price) => `${price.toLocaleString('da-DK')} kr.`,
        ),
      ]),
    ]);
    const section = screen.getByRole('region', { name: 'Hvad koster det til din bil?' });
    expect(section).toHaveTextContent('Motorvask+ 299 kr. · 30 minSkånsom rens');
    expect(section).toHaveTextContent('Til alle pakker');
    expect(section).toHaveTextContent('Til Sølvpakken, Guldpakken, Premiumpakken');
  });

  it('gives every "Book service" link its own title in the query and the navigation state', async () => {
    const user = userEvent.setup();
    expect(allPackages).toHaveLength(6);
    for (const pkg of allPackages) {
      const { unmount } = renderRoute('/services', ServicesPage);
      expect(screen.getAllByRole('link', { name: /^Book service: / })).toHaveLength(6);
      const link = screen.getByRole('link', { name: `Book service: ${pkg.title}` });
      expect(link).toHaveAttribute(
        'href',
        `/contact?service=${encodeURIComponent(pkg.title)}#form`,
      );
      await user.click(link);
      expect(readLocation(screen.getByTestId('location').textContent)).toEqual({
        pathname: '/contact',
        search: `?service=${encodeURIComponent(pkg.title)}`,
        hash: '#form',
        state: { service: pkg.title },
      });
      unmount();
    }
  }, 30_000);

  it('scrolls smoothly to #services when the hero button is clicked', async () => {
    const user = userEvent.setup();
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    renderRoute('/services', ServicesPage);
    const button = screen.getByRole('link', { name: 'Se pakker og priser' });
    expect(button).toHaveAttribute('href', '#services');
    await user.click(button);
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('services'));
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' });
    expect(document.activeElement).toBe(document.getElementById('services'));
  });

  it('links the special services (boats, motorcycles, caravans) to the form with their note', () => {
    renderRoute('/services', ServicesPage);
    const special = screen.getByRole('region', {
      name: 'Både, motorcykler, campingvogne og mere',
    });
    expect(subheadings(special)).toEqual([
      'Både',
      'Motorcykler',
      'Campingvogne og autocampere',
      'Erhvervskøretøjer og andet',
    ]);
    expect(within(special).getAllByText('Prissættes individuelt')).toHaveLength(4);
    expect(within(special).getByRole('link', { name: /tilbud/ })).toHaveAttribute(
      'href',
      '/contact?besked=tilbud#besked',
    );
  });

  it('lists the four process steps in order and six reasons to choose us', () => {
    renderRoute('/services', ServicesPage);
    expect(subheadings('Fra første snak til færdig bil')).toEqual([
      'Trin 1: Konsultation & Vurdering',
      'Trin 2: Planlægning',
      'Trin 3: Udførelse',
      'Trin 4: Opfølgning',
    ]);
    expect(subheadings('Hvorfor vælge os?')).toEqual([
      'Godkendte produkter',
      'Professionelt værksted',
      'Personlig service',
      'Specialist i nano-teknologi',
      'Lokalkendskab',
      'Fælgspecialist',
    ]);
  });

  it('closes with a phone link and "Send besked" to the message form on /contact', () => {
    renderRoute('/services', ServicesPage);
    const cta = screen.getByRole('region', { name: 'Har du spørgsmål til vores pakker?' });
    expect(
      within(cta)
        .getByRole('link', { name: /^Ring / })
        .getAttribute('href'),
    ).toMatch(/^tel:/);
    expect(within(cta).getByRole('link', { name: 'Send besked' })).toHaveAttribute(
      'href',
      '/contact#besked',
    );
  });
});
