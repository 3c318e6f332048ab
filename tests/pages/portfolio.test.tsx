import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { resetEmbedConsent } from '~/components/consent-embed';
import { videos } from '~/content/embeds';
import { galleryHeading, portfolioContent } from '~/content/portfolio';
import PortfolioPage from '~/pages/portfolio';
import { Gallery } from '~/pages/portfolio/gallery';
import { readLocation, renderRoute } from './render-route';

const { images } = portfolioContent.gallery;
// Radix sets pointer-events: none on <body> while the modal is open; the overlay stays clickable.
const setup = () => userEvent.setup({ pointerEventsCheck: 0 });

async function openThird(user: ReturnType<typeof setup>) {
  const gallery = screen.getByRole('region', { name: portfolioContent.gallery.title });
  const buttons = within(gallery).getAllByRole('button');
  expect(buttons).toHaveLength(24);
  await user.click(buttons[2]!);
  // the lightbox's code loads with import() at the first pointing, touch or focus: the first
  // test to open it transforms that module, which takes seconds on a busy machine
  return screen.findByRole('dialog', undefined, { timeout: 10_000 });
}

describe('Portfolio page', () => {
  afterEach(() => resetEmbedConsent());

  it('has the h1, 24 gallery images (one of them twice), four process steps and the closing CTA', () => {
    renderRoute('/vores-arbejde', PortfolioPage);
    expect(screen.getByRole('heading', { level: 1, name: 'Vores Arbejde' })).toBeVisible();
    expect(images).toHaveLength(24);
    expect(new Set(images.map((i) => i.name)).size).toBe(23);
    const process = screen.getByRole('region', { name: portfolioContent.process.title });
    expect(
      within(process)
        .getAllByRole('listitem')
        .map((li) => li.querySelector('h3')?.textContent),
    ).toEqual([
      'Trin 1: Konsultation og vurdering',
      'Trin 2: Forberedelse',
      'Trin 3: Professionel udførelse',
      'Trin 4: Kvalitetskontrol',
    ]);
    expect(screen.getByRole('link', { name: 'Send besked' })).toHaveAttribute(
      'href',
      '/contact#besked',
    );
  });

  it('loads the first thumbnail at once and lazy-loads the others, with AVIF and WebP sources', () => {
    renderRoute('/vores-arbejde', PortfolioPage);
    const first = screen.getAllByRole('img', { name: images[0]!.alt })[0]!;
    // the first photo is the page's largest paint on a phone
    expect(first).toHaveAttribute('loading', 'eager');
    expect(first).toHaveAttribute('fetchpriority', 'high');
    const img = screen.getAllByRole('img', { name: images[1]!.alt })[0]!;
    expect(img).toHaveAttribute('loading', 'lazy');
    expect(img).toHaveAttribute('width', '1600');
    expect(img).toHaveAttribute('height', '1200');
    const sources = img.parentElement!.querySelectorAll('source');
    expect([...sources].map((s) => s.getAttribute('type'))).toEqual(['image/avif', 'image/webp']);
    expect(sources[0]!.getAttribute('srcset')).toMatch(/\/images\/gallery-02-480\.\w+\.avif 480w/);
  });

  it('opens the clicked image full size in a dialog titled by its alt text', async () => {
    const user = setup();
    renderRoute('/vores-arbejde', PortfolioPage);
    const dialog = await openThird(user);
    expect(dialog).toHaveAccessibleName(images[2]!.alt);
    expect(dialog).toHaveAccessibleDescription('Billede 3 af 24');
    const full = within(dialog).getByRole('img', { name: images[2]!.alt });
    expect(full).toHaveAttribute('loading', 'eager');
    expect(full.parentElement!.querySelector('source')!.getAttribute('srcset')).toContain(
      `/images/${images[2]!.name}-1600.`,
    );
  });

  it('moves through the pictures with the buttons and the arrow keys, wrapping at both ends', async () => {
    const user = setup();
    renderRoute('/vores-arbejde', PortfolioPage);
    const dialog = await openThird(user);
    const counter = within(dialog).getByText('Billede 3 af 24');
    expect(counter).toHaveAttribute('aria-live', 'polite');

    await user.click(within(dialog).getByRole('button', { name: 'Næste billede' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleName(images[3]!.alt);
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Billede 4 af 24');
    expect(within(screen.getByRole('dialog')).getByRole('img')).toHaveAccessibleName(
      images[3]!.alt,
    );
    await user.keyboard('{ArrowLeft}{ArrowLeft}{ArrowLeft}');
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Billede 1 af 24');
    // wraps: before the first comes the last, after the last the first
    await user.click(screen.getByRole('button', { name: 'Forrige billede' }));
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Billede 24 af 24');
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('dialog')).toHaveAccessibleDescription('Billede 1 af 24');
    expect(screen.getByRole('dialog')).toHaveAccessibleName(images[0]!.alt);

    // closing returns focus to the thumbnail that opened the lightbox
    await user.keyboard('{Escape}');
    const gallery = screen.getByRole('region', { name: portfolioContent.gallery.title });
    expect(within(gallery).getAllByRole('button')[2]).toHaveFocus();
  });

  it('badges the page "Før og efter" only when the gallery holds a before/after pair', () => {
    renderRoute('/vores-arbejde', PortfolioPage);
    expect(images.some((image) => image.before)).toBe(false);
    expect(screen.queryByText('Før og efter')).not.toBeInTheDocument();
    expect(screen.getByText('Vask, polering, coating og fælge')).toBeVisible();
    expect(portfolioContent.hero.badge([{ ...images[0]!, before: images[1]! }])).toBe(
      'Før og efter',
    );
  });

  it('shows a before/after pair side by side, labelled, and marks its thumbnail', async () => {
    const user = setup();
    const pair = { ...images[0]!, before: { ...images[1]!, alt: 'Bilen før vask' } };
    render(<Gallery images={[pair, images[2]!]} text={portfolioContent.gallery} />);
    const thumb = screen.getAllByRole('button')[0]!;
    expect(thumb).toHaveTextContent('Før / Efter');
    await user.click(thumb);
    const dialog = await screen.findByRole('dialog');
    const figures = within(dialog).getAllByRole('figure');
    expect(figures.map((f) => f.textContent)).toEqual(['Før', 'Efter']);
    expect(within(figures[0]!).getByRole('img')).toHaveAccessibleName('Bilen før vask');
    expect(within(figures[1]!).getByRole('img')).toHaveAccessibleName(pair.alt);
    await user.click(within(dialog).getByRole('button', { name: 'Næste billede' }));
    expect(within(screen.getByRole('dialog')).queryAllByRole('figure')).toHaveLength(0);
  });

  it('closes the dialog with its close button', async () => {
    const user = setup();
    renderRoute('/vores-arbejde', PortfolioPage);
    const dialog = await openThird(user);
    await user.click(within(dialog).getByRole('button', { name: 'Luk billedet' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes the dialog with Escape', async () => {
    const user = setup();
    renderRoute('/vores-arbejde', PortfolioPage);
    await openThird(user);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // Focus goes back to the thumbnail that opened the dialog.
    const gallery = screen.getByRole('region', { name: portfolioContent.gallery.title });
    expect(within(gallery).getAllByRole('button')[2]).toHaveFocus();
  });

  it('closes the dialog with a click outside it, and not with a click inside', async () => {
    const user = setup();
    renderRoute('/vores-arbejde', PortfolioPage);
    const dialog = await openThird(user);
    await user.click(within(dialog).getByRole('img'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    const overlay = document.querySelector('[data-slot="dialog-overlay"]');
    expect(overlay).not.toBeNull();
    await user.click(overlay!);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('links each video to the booking form with the service of the spec in state and query (the note explains it)', async () => {
    const user = setup();
    const services: Record<string, string> = {
      polering: 'polering',
      brandskade: 'Brandskade polering',
    };
    expect(videos.map((v) => v.topic)).toEqual(['polering', 'brandskade']);
    for (const video of videos) {
      const service = services[video.topic]!;
      const { unmount } = renderRoute('/vores-arbejde', PortfolioPage);
      const link = screen.getByRole('link', { name: video.bookLabel });
      expect(link).toHaveAttribute('href', `/contact?service=${encodeURIComponent(service)}#form`);
      await user.click(link);
      expect(readLocation(screen.getByTestId('location').textContent)).toEqual({
        pathname: '/contact',
        search: `?service=${encodeURIComponent(service)}`,
        hash: '#form',
        state: { service },
      });
      unmount();
    }
  });

  it('shows the videos as click-to-load previews naming Facebook', () => {
    renderRoute('/vores-arbejde', PortfolioPage);
    expect(document.querySelector('iframe')).toBeNull();
    expect(
      screen.getAllByText(
        'Videoen vises fra Facebook. Når du klikker, sender din browser data til Meta (Facebook).',
      ),
    ).toHaveLength(2);
    expect(
      screen.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent),
    ).toEqual(expect.arrayContaining(['Professionel polering', 'Polering efter brandskade']));
    // the gallery holds our drawings: its heading says so, not "results we are proud of"
    expect(screen.getByRole('region', { name: 'Tegninger af vores arbejde' })).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Resultater vi er stolte af' })).toBeNull();
  });

  it('calls the gallery results only once it holds photos', () => {
    const drawings = portfolioContent.gallery.images;
    expect(drawings.every((image) => image.drawing)).toBe(true);
    expect(galleryHeading(drawings).title).toBe('Tegninger af vores arbejde');
    const photos = drawings.map(({ drawing: _drawing, ...photo }) => photo);
    expect(galleryHeading(photos).title).toBe('Resultater vi er stolte af');
    // one drawing left among photos: still not all results
    expect(galleryHeading([...photos, drawings[0]!]).title).toBe('Resultater vi er stolte af');
  });
});
