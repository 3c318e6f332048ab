import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MapEmbed, resetEmbedConsent, VideoEmbed } from '~/components/consent-embed';
import { mapEmbed, videos } from '~/content/embeds';

describe('consent-gated embeds', () => {
  afterEach(() => {
    resetEmbedConsent();
    vi.restoreAllMocks();
  });

  it('shows a local preview naming Google and creates no iframe before the click', () => {
    const { container } = render(<MapEmbed />);
    expect(container.querySelector('iframe')).toBeNull();
    expect(
      screen.getByText(
        'Kortet vises fra Google Maps. Når du klikker, sender din browser data til Google.',
      ),
    ).toBeVisible();
    const preview = screen.getByRole('img', { name: mapEmbed.preview.alt });
    expect(preview.getAttribute('src')).toMatch(/^\/images\/map-preview-/);
  });

  it('has an "Åbn i Google Maps" link that works without consent, in a new tab', () => {
    render(<MapEmbed />);
    const link = screen.getByRole('link', { name: /Åbn i Google Maps/ });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link.getAttribute('href')).toMatch(
      /^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=Virkelyst%207B/,
    );
  });

  it('creates the iframe after the click, focuses it, and stores nothing in the browser', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const cookie = vi.spyOn(document, 'cookie', 'set');
    const user = userEvent.setup();
    const { container } = render(<MapEmbed />);
    await user.click(screen.getByRole('button', { name: /Vis kortet/ }));
    const iframe = container.querySelector('iframe');
    expect(iframe).not.toBeNull();
    expect(iframe).toHaveAttribute('src', mapEmbed.embedUrl);
    expect(iframe).toHaveAttribute('title', mapEmbed.title);
    expect(iframe).toHaveFocus();
    expect(screen.queryByRole('button', { name: /Vis kortet/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Åbn i Google Maps/ })).toBeVisible();
    expect(setItem).not.toHaveBeenCalled();
    expect(cookie).not.toHaveBeenCalled();
  });

  it('remembers the consent for the page session: a map shown later loads at once', async () => {
    const user = userEvent.setup();
    const first = render(<MapEmbed />);
    await user.click(screen.getByRole('button', { name: /Vis kortet/ }));
    first.unmount();
    const { container } = render(<MapEmbed />);
    expect(container.querySelector('iframe')).not.toBeNull();
  });

  it('keeps consent per provider: accepting Google does not load Facebook', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <>
        <MapEmbed />
        <VideoEmbed video={videos[0]!} />
      </>,
    );
    await user.click(screen.getByRole('button', { name: /Vis kortet/ }));
    const frames = [...container.querySelectorAll('iframe')].map((f) => f.getAttribute('src'));
    expect(frames).toEqual([mapEmbed.embedUrl]);
    expect(screen.getByText(/Videoen vises fra Facebook/)).toBeVisible();
  });

  it('loads a Facebook video only after its button is clicked', async () => {
    const user = userEvent.setup();
    const video = videos[1]!;
    const { container } = render(<VideoEmbed video={video} />);
    expect(container.querySelector('iframe')).toBeNull();
    await user.click(screen.getByRole('button', { name: new RegExp(video.loadLabel) }));
    const iframe = container.querySelector('iframe');
    expect(iframe?.getAttribute('src')).toMatch(
      /^https:\/\/www\.facebook\.com\/plugins\/video\.php\?href=/,
    );
    expect(screen.getByRole('link', { name: /Se videoen på Facebook/ })).toHaveAttribute(
      'href',
      video.link.href,
    );
  });
});
