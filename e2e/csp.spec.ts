/**
 * The whole site runs under the production Content-Security-Policy (sent by `npm start` from
 * deploy/security-headers.ts, plus each page's meta policy): no violation on any route, after
 * scrolling, after consenting to the embeds, and during a booking on /contact.
 */
import { expect, test } from '@playwright/test';
import { siteRoutes } from './support/routes';
import { watchCsp } from './support/csp';
import { scrollThroughPage } from './support/scroll';

test.describe('Content-Security-Policy', () => {
  for (const route of [...siteRoutes.map((r) => r.path), '/findes-ikke']) {
    test(`${route} loads, hydrates and scrolls with no CSP violation`, async ({ page }) => {
      const violations = await watchCsp(page);
      const response = await page.goto(route);
      const headers = response!.headers();
      const csp = headers['content-security-policy'] ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain("'unsafe-eval'");
      expect(csp, 'npm start sends the build hashes, not unsafe-inline').not.toMatch(
        /script-src[^;]*'unsafe-inline'/,
      );
      expect(headers['x-content-type-options']).toBe('nosniff');
      expect(headers['referrer-policy']).toBeTruthy();
      expect(headers['permissions-policy']).toContain('camera=()');
      expect(headers['strict-transport-security']).toMatch(/max-age=\d+/);
      // The page's own policy narrows scripts to its inline blocks.
      await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
        'content',
        /^script-src 'self'( 'sha256-[^']+')+$/,
      );
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await scrollThroughPage(page);
      await page.waitForLoadState('networkidle');
      expect(await violations()).toEqual([]);
    });
  }

  test('consented embeds (map, Facebook videos) are allowed by frame-src', async ({ page }) => {
    const violations = await watchCsp(page);
    // The hosts are unreachable from the test machine: answer the frames locally.
    await page.route(/https:\/\/(www\.google\.com|www\.facebook\.com)\//, (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>embed</p>' }),
    );
    let frames = 0;
    for (const path of ['/about', '/vores-arbejde', '/contact']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      const buttons = page.getByRole('button', { name: /^(Vis kortet|Afspil videoen)/ });
      // one consent per provider loads every embed of that provider on the page
      const count = await buttons.count();
      for (let guard = 0; guard < 5 && (await buttons.count()) > 0; guard += 1) {
        await buttons.first().click();
        frames += 1;
      }
      if (count > 0) await expect(page.locator('iframe').first()).toBeAttached();
    }
    expect(frames, 'the embeds were found and loaded').toBeGreaterThan(0);
    expect(await violations()).toEqual([]);
  });

  test('the watcher does see a violation (guards the checks above)', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/about');
    await page.evaluate(() => fetch('https://example.com/x').catch(() => undefined));
    await expect
      .poll(violations)
      .toEqual(
        expect.arrayContaining([expect.stringMatching(/connect-src|Content Security Policy/)]),
      );
  });

  test('a booking on /contact runs with no CSP violation', async ({ page }) => {
    const violations = await watchCsp(page);
    await page.goto('/contact#form');
    const service = page.getByRole('combobox', { name: 'Service' });
    await expect(service).toBeEnabled();
    await service.click();
    await page.getByRole('option', { name: 'Sølvpakken', exact: true }).click();
    await page.getByRole('button', { name: /^Dato/ }).click();
    const calendar = page.getByRole('dialog', { name: 'Vælg dato' });
    // a day far into the window, away from the days the booking journeys use
    await calendar.getByRole('button', { name: 'Gå til næste måned' }).click();
    const days = calendar.locator(
      'td[data-day]:not([data-outside]):not([data-disabled]) button:enabled',
    );
    await days.nth(Math.min(12, (await days.count()) - 1)).click();
    const time = page.getByRole('combobox', { name: 'Tidspunkt' });
    await expect(time).toBeEnabled();
    await time.click();
    await page.getByRole('option').first().click();
    await page.locator('#form').getByLabel('Navn').fill('CSP Test');
    await page.locator('#form').getByLabel('Telefon').fill('21 34 56 78');
    await page.getByLabel('Email').fill(`e2e-csp-${Date.now()}@example.dk`);
    await page.locator('#form').getByRole('button', { name: 'Book tid' }).click();
    await expect(page.getByRole('region', { name: 'Din booking er bekræftet' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});
