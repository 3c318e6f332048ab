import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { WIDTHS } from './support/widths';

// The pages' words are pinned once, in tests/pages (jsdom), and pages-home-services-about checks
// that these pages too are prerendered as they read once hydrated; here the structure the
// prerendered HTML must hold with no JavaScript at all, and no third-party frame in it.
test.describe('prerendered HTML', () => {
  test('the prerendered gallery holds its 24 images with AVIF sources, the videos no frame', async ({
    request,
  }) => {
    const html = await (await request.get('/vores-arbejde')).text();
    expect(html.match(/aria-haspopup="dialog"/g)).toHaveLength(24);
    expect(html).toMatch(/<source type="image\/avif" srcSet="\/images\/gallery-01-480\./);
    expect(html).not.toContain('<iframe');
  });

  test('the prerendered contact page holds the form anchor and no map frame', async ({
    request,
  }) => {
    const html = await (await request.get('/contact')).text();
    expect(html).toContain('id="form"');
    expect(html).not.toContain('<iframe');
  });

  test('the prerendered policy has its ten numbered sections as headings', async ({ request }) => {
    const html = await (await request.get('/privatlivspolitik')).text();
    expect(html.match(/<h2\b[^>]*>\d+(?:<!-- -->)?\. /g)).toHaveLength(10);
  });
});

async function openGalleryImage(page: Page, index: number) {
  const gallery = page.getByRole('region', { name: 'Tegninger af vores arbejde' });
  const thumb = gallery.getByRole('button').nth(index);
  const alt = await thumb.locator('img').getAttribute('alt');
  const dialog = page.getByRole('dialog', { name: alt ?? '' });
  // One click on the hydrated page (the callers load it with gotoHydrated): a retried click raced
  // the lightbox's chunk, and a second click, on a thumbnail the opened dialog now covers, waited
  // for the test's timeout
  await thumb.click();
  await expect(dialog).toBeVisible();
  return { thumb, dialog, alt: alt ?? '' };
}

test.describe('gallery dialog', () => {
  test('opens the clicked image full size and closes with the button, Escape and a click outside', async ({
    page,
  }) => {
    await gotoHydrated(page, '/vores-arbejde');
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

for (const width of WIDTHS) {
  test.describe(`axe (${width.name})`, () => {
    test.use(width.use);
    test('/vores-arbejde with the gallery dialog open has no violations', async ({ page }) => {
      await gotoHydrated(page, '/vores-arbejde');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await openGalleryImage(page, 2);
      await expectNoAxeViolations(page, `gallery dialog ${width.name}`);
    });
  });
}
