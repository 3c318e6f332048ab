import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { WIDTHS } from './support/widths';
import { scrollThroughPage } from './support/scroll';

/**
 * The map (Google) and the videos (Facebook/Meta) are click-to-load: before the click the browser
 * talks only to the site itself and the local Supabase gateway. The third-party iframes are routed
 * to a local stub, so the test needs no network and proves the request happens only after consent.
 */
const mapTitle = 'Kort over værkstedet: Virkelyst 7B, 6000 Kolding';

const stub = (name: string) =>
  `<!doctype html><html lang="da"><head><title>${name} (stub)</title></head><body><p>${name}</p></body></html>`;

async function recordRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  await page.route(/^https:\/\/www\.google\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: stub('Google Maps') }),
  );
  await page.route(/^https:\/\/www\.facebook\.com\//, (route) =>
    route.fulfill({ contentType: 'text/html', body: stub('Facebook') }),
  );
  return urls;
}

/** Hosts other than the site itself and the local gateway (both on the loopback interface). */
function foreignHosts(urls: string[]) {
  return urls
    .filter((u) => /^https?:/.test(u))
    .map((u) => new URL(u).hostname)
    .filter((host) => host !== '127.0.0.1' && host !== 'localhost');
}

/** Clicks a load button until its iframe exists (a click before hydration does nothing). */
async function clickToLoad(page: Page, button: RegExp, iframeTitle: string) {
  const iframe = page.locator(`iframe[title="${iframeTitle}"]`);
  await expect(async () => {
    await page.getByRole('button', { name: button }).first().click();
    await expect(iframe).toHaveCount(1, { timeout: 1000 });
  }).toPass();
  return iframe;
}

/** Scrolls through the page so every lazy image and section has loaded. */
/**
 * Opens the page, reads it to the bottom without consenting to anything and expects that nothing
 * was asked of a third party and no frame was loaded; returns the requests, which go on recording.
 */
async function readThroughUnconsented(page: Page, path: string) {
  const urls = await recordRequests(page);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await scrollThroughPage(page);
  expect(urls.length).toBeGreaterThan(5);
  expect(foreignHosts(urls)).toEqual([]);
  await expect(page.locator('iframe')).toHaveCount(0);
  return urls;
}

async function browserStorage(page: Page) {
  return page.evaluate(() => ({
    local: Object.keys(localStorage),
    session: Object.keys(sessionStorage),
    cookie: document.cookie,
  }));
}

test('/contact requests nothing from Google before the map is clicked, and loads it after', async ({
  page,
}) => {
  const urls = await readThroughUnconsented(page, '/contact');
  await expect(page.getByText(/^Kortet vises fra Google Maps/)).toBeVisible();
  const mapsLink = page.getByRole('link', { name: /Åbn i Google Maps/ });
  await expect(mapsLink).toHaveAttribute('target', '_blank');
  await expect(mapsLink).toHaveAttribute('href', /^https:\/\/www\.google\.com\/maps\/search\//);

  const iframe = await clickToLoad(page, /Vis kortet/, mapTitle);
  await expect(iframe).toHaveAttribute('src', /^https:\/\/www\.google\.com\/maps\?q=/);
  await expect(page.frameLocator('iframe').getByText('Google Maps')).toBeVisible();
  expect(foreignHosts(urls)).toEqual(['www.google.com']);

  // Consent lives in memory only: nothing but the theme may be stored in the browser.
  const stored = await browserStorage(page);
  expect(stored.local.filter((k) => k !== 'theme')).toEqual([]);
  expect(stored.session).toEqual([]);
  expect(stored.cookie).toBe('');

  // A reload forgets it: the preview is back and Google is not asked again.
  const before = urls.length;
  await page.reload();
  await scrollThroughPage(page);
  await expect(page.getByRole('button', { name: /Vis kortet/ })).toBeVisible();
  await expect(page.locator('iframe')).toHaveCount(0);
  expect(foreignHosts(urls.slice(before))).toEqual([]);
});

test('/vores-arbejde requests nothing from Facebook before a video is clicked', async ({
  page,
}) => {
  const urls = await readThroughUnconsented(page, '/vores-arbejde');
  await expect(page.getByText(/Videoen vises fra Facebook/)).toHaveCount(2);

  const iframe = await clickToLoad(
    page,
    /Afspil videoen.*professionel polering/,
    'Video: professionel polering',
  );
  await expect(iframe).toHaveAttribute(
    'src',
    /^https:\/\/www\.facebook\.com\/plugins\/video\.php\?href=/,
  );
  expect(new Set(foreignHosts(urls))).toEqual(new Set(['www.facebook.com']));
  const stored = await browserStorage(page);
  expect(stored.local.filter((k) => k !== 'theme')).toEqual([]);
  expect(stored.session).toEqual([]);
});

for (const width of WIDTHS) {
  test.describe(`axe (${width.name})`, () => {
    test.use(width.use);
    test('/contact with the map loaded has no violations', async ({ page }) => {
      await recordRequests(page);
      await page.goto('/contact');
      await clickToLoad(page, /Vis kortet/, mapTitle);
      await expect(page.frameLocator('iframe').getByText('Google Maps')).toBeVisible();
      await expectNoAxeViolations(page, `map loaded ${width.name}`);
    });
  });
}
