/**
 * Privacy before consent: on every route, in every state a visitor reaches without consenting to
 * an embed (page load, scrolled to the bottom, mobile menu open, the booking form's lists open),
 * the browser talks only to the site and its Supabase URL, no cookie is set, and localStorage holds
 * nothing but `theme`.
 */
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { siteRoutes } from './support/routes';
import { scrollThroughPage } from './support/scroll';

const supabaseOrigin = new URL(
  process.env.E2E_SUPABASE_URL ?? `http://127.0.0.1:${process.env.E2E_SUPABASE_PORT ?? 54329}`,
).origin;

function recordRequests(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  page.on('websocket', (socket) => urls.push(socket.url()));
  return urls;
}

async function expectPrivate(page: Page, context: BrowserContext, urls: string[], state: string) {
  const site = new URL(page.url()).origin;
  const foreign = urls.filter((url) => {
    if (!/^(https?|wss?):/.test(url)) return false;
    const origin = new URL(url.replace(/^ws/, 'http')).origin;
    return origin !== site && origin !== supabaseOrigin;
  });
  expect(foreign, `requests to other hosts (${state})`).toEqual([]);
  expect(await context.cookies(), `cookies (${state})`).toEqual([]);
  const keys = await page.evaluate(() => Object.keys(window.localStorage));
  expect(
    keys.filter((key) => key !== 'theme'),
    `localStorage (${state})`,
  ).toEqual([]);
}

test.describe('no third-party request, cookie or storage before consent', () => {
  for (const route of [...siteRoutes.map((r) => r.path), '/findes-ikke']) {
    test(`${route}: load, scroll, mobile menu`, async ({ page, context }) => {
      const urls = recordRequests(page);
      await page.goto(route);
      await page.waitForLoadState('networkidle');
      await expectPrivate(page, context, urls, 'after load');
      expect(urls.length, 'requests were recorded').toBeGreaterThan(3);

      await scrollThroughPage(page);
      await expectPrivate(page, context, urls, 'scrolled to the bottom');

      await page.setViewportSize({ width: 390, height: 844 });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.getByRole('button', { name: 'Åbn menu' }).click();
      await expect(page.getByRole('navigation', { name: 'Mobilmenu' })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectPrivate(page, context, urls, 'mobile menu open');
    });
  }

  test('/contact: the booking form with its lists and calendar open', async ({ page, context }) => {
    const urls = recordRequests(page);
    await page.goto('/contact#form');
    const service = page.getByRole('combobox', { name: 'Service' });
    await expect(service).toBeEnabled();
    await service.click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await expectPrivate(page, context, urls, 'service list open');
    await page.getByRole('option', { name: 'Guldpakken', exact: true }).click();

    await page.getByRole('button', { name: /^Dato/ }).click();
    const calendar = page.getByRole('dialog', { name: 'Vælg dato' });
    await expect(calendar).toBeVisible();
    await expectPrivate(page, context, urls, 'calendar open');
    await calendar
      .locator('td[data-day]:not([data-outside]):not([data-disabled]) button:enabled')
      .first()
      .click();

    const time = page.getByRole('combobox', { name: 'Tidspunkt' });
    await expect(time).toBeEnabled();
    await time.click();
    await expect(page.getByRole('option').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expectPrivate(page, context, urls, 'time list open');
    expect(
      urls.some((url) => url.startsWith(supabaseOrigin)),
      'the form did talk to Supabase (the check sees its requests)',
    ).toBe(true);
  });
});
