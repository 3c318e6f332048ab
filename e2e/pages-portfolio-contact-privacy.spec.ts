import { devices, expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { prerenderedText } from './support/prerendered';

test.describe('prerendered HTML', () => {
  test('/vores-arbejde holds its h1, 24 gallery images, both videos, process and CTA', async ({
    request,
  }) => {
    const { h1, text, html } = await prerenderedText(request, '/vores-arbejde');
    expect(h1).toBe('Vores Arbejde');
    for (const expected of [
      'Resultater vi er stolte af',
      'Professionel polering',
      'Polering efter brandskade',
      'Videoen vises fra Facebook. Når du klikker, sender din browser data til Meta (Facebook).',
      'Konsultation og vurdering',
      'Forberedelse',
      'Professionel udførelse',
      'Kvalitetskontrol',
      'Send besked',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(html.match(/aria-haspopup="dialog"/g)).toHaveLength(24);
    expect(html).toMatch(/<source type="image\/avif" srcSet="\/images\/gallery-01-480\./);
    expect(html).toContain('href="/contact?service=polering#form"');
    expect(html).toContain(
      `href="/contact?service=${encodeURIComponent('Brandskade polering')}#form"`,
    );
    expect(html).not.toContain('<iframe');
  });

  test('/contact holds its h1, three ways, the form anchor, info cards, reasons and the map preview', async ({
    request,
  }) => {
    const { h1, text, html } = await prerenderedText(request, '/contact');
    expect(h1).toBe('Kontakt os');
    for (const expected of [
      'Tre måder at kontakte os på',
      'Ring til os',
      'Send en e-mail',
      'Book online',
      'Virkelyst 7B',
      '6000 Kolding',
      'Mandag - Torsdag',
      '09:00 - 20:00',
      'Kolding',
      'Vejle',
      'Fredericia',
      'Gratis tilbud',
      'Hurtigt svar',
      'Vi svarer inden for 24 timer på hverdage.',
      'Professionel rådgivning',
      'Fleksible tider',
      'Besøg vores Facebook-side',
      'Kortet vises fra Google Maps. Når du klikker, sender din browser data til Google.',
      'Åbn i Google Maps',
    ]) {
      expect(text, expected).toContain(expected);
    }
    expect(html).toContain('id="form"');
    expect(html).toMatch(/href="tel:\+45\d{8}"/);
    expect(html).toMatch(/href="mailto:[^"]+@[^"]+"/);
    expect(html).toContain('href="#form"');
    expect(html).not.toContain('<iframe');
  });

  // The policy's words are pinned once, in tests/pages/privacy.test.tsx; here only what the
  // prerender must deliver: the page's h1, its ten sections as headings, a working contact link.
  test('/privatlivspolitik is prerendered with its h1, ten section headings and a mail link', async ({
    request,
  }) => {
    const { h1, html } = await prerenderedText(request, '/privatlivspolitik');
    expect(h1).toBe('Privatlivspolitik');
    expect(html.match(/<h2\b[^>]*>\d+(?:<!-- -->)?\. /g)).toHaveLength(10);
    expect(html).toMatch(/href="mailto:[^"]+@[^"]+"/);
  });
});

async function openGalleryImage(page: Page, index: number) {
  const gallery = page.getByRole('region', { name: 'Resultater vi er stolte af' });
  const thumb = gallery.getByRole('button').nth(index);
  const alt = await thumb.locator('img').getAttribute('alt');
  const dialog = page.getByRole('dialog', { name: alt ?? '' });
  // Retried: a click that lands before hydration does nothing.
  await expect(async () => {
    await thumb.click();
    await expect(dialog).toBeVisible({ timeout: 1000 });
  }).toPass();
  return { thumb, dialog, alt: alt ?? '' };
}

test.describe('gallery dialog', () => {
  test('opens the clicked image full size and closes with the button, Escape and a click outside', async ({
    page,
  }) => {
    await page.goto('/vores-arbejde');
    await expect(page.getByRole('heading', { level: 1, name: 'Vores Arbejde' })).toBeVisible();

    const first = await openGalleryImage(page, 4);
    const full = first.dialog.getByRole('img', { name: first.alt });
    await expect(full).toBeVisible();
    await expect.poll(() => full.evaluate((img: HTMLImageElement) => img.complete)).toBe(true);
    expect(await full.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
      /\/images\/gallery-05-\d+\.\w+\.avif$/,
    );
    await first.dialog.getByRole('button', { name: 'Luk billedet' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(first.thumb).toBeFocused();

    const second = await openGalleryImage(page, 10);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(second.thumb).toBeFocused();

    const third = await openGalleryImage(page, 23);
    // Inside the dialog nothing happens; on the dimmed page around it the dialog closes.
    await third.dialog.getByRole('img').click();
    await expect(third.dialog).toBeVisible();
    await page.mouse.click(5, page.viewportSize()!.height - 5);
    await expect(page.getByRole('dialog')).toHaveCount(0);
  });
});

test.describe('video links', () => {
  for (const { label, service } of [
    { label: 'Book polering', service: 'polering' },
    { label: 'Få et tilbud på brandskade polering', service: 'Brandskade polering' },
  ]) {
    test(`'${label}' opens /contact#form with the service '${service}' in state and query`, async ({
      page,
    }) => {
      await gotoHydrated(page, '/vores-arbejde');
      await page.getByRole('link', { name: label }).click();
      await expect(page).toHaveURL(
        (url) =>
          url.pathname === '/contact' &&
          url.searchParams.get('service') === service &&
          url.hash === '#form',
      );
      const state = await page.evaluate(() => (window.history.state as { usr?: unknown })?.usr);
      expect(state).toEqual({ service });
      await expect(page.getByRole('heading', { level: 1, name: 'Kontakt os' })).toBeVisible();
    });
  }
});

const { defaultBrowserType: _ignored, ...pixel7 } = devices['Pixel 7'];
for (const width of [
  { name: 'desktop', use: {} },
  { name: 'mobile', use: pixel7 },
]) {
  test.describe(`axe (${width.name})`, () => {
    test.use(width.use);
    test('/vores-arbejde with the gallery dialog open has no violations', async ({ page }) => {
      await page.goto('/vores-arbejde');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await openGalleryImage(page, 2);
      await expectNoAxeViolations(page, `gallery dialog ${width.name}`);
    });
  });
}
