/**
 * Paint first, hydrate second (scripts/defer-hydration.ts): the JavaScript of a page is requested
 * only after the page has loaded, and a button pressed before hydration still does its job.
 */
import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/hydration';
import { siteRoutes } from './support/routes';

test.describe('deferred hydration', () => {
  for (const route of siteRoutes) {
    test(`${route.path}: no script is requested before the page has loaded, then it hydrates`, async ({
      page,
    }) => {
      await gotoHydrated(page, route.path);
      const timing = await page.evaluate(() => {
        const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
        const scripts = performance
          .getEntriesByType('resource')
          .filter((entry) => /\/assets\/.*\.js$/.test(entry.name));
        return {
          loadStart: nav.loadEventStart,
          firstScript: Math.min(...scripts.map((entry) => entry.startTime)),
          scripts: scripts.length,
        };
      });
      expect(timing.scripts).toBeGreaterThan(0);
      expect(timing.firstScript).toBeGreaterThanOrEqual(timing.loadStart);
    });
  }

  test('a button pressed before hydration is pressed again once the page has hydrated', async ({
    page,
  }) => {
    // Slow scripts: the press surely comes before React is there.
    await page.route('**/assets/*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await page.getByRole('button', { name: 'Skift til lyst tema' }).click();
    // nothing happened yet, and the click did not submit or navigate anything
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('html')).toHaveClass(/\blight\b/, { timeout: 15_000 });
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await expect(page).toHaveURL(/\/$/);
  });
});
