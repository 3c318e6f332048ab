/**
 * Paint first, hydrate second (scripts/defer-hydration.ts): the JavaScript of a page is requested
 * only after the page has loaded, and a button pressed before hydration still does its job.
 */
import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support/hydration';
import { siteRoutes } from './support/routes';

/** Holds every bundle back for `ms` before it loads, so the page surely has not hydrated yet. */
async function delayScripts(page: Page, ms: number) {
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

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
    await delayScripts(page, 1500);
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

test('every stylesheet is linked once, also after the booking form and its calendar have loaded', async ({
  page,
}) => {
  // A sheet linked twice (react-router#14754: the root's `…css#` href that Vite's import() helper
  // did not recognise) costs a whole-page style recalculation on the first import().
  await gotoHydrated(page, '/contact');
  await page.locator('#form').scrollIntoViewIfNeeded();
  await page.getByRole('combobox', { name: 'Service' }).click();
  await page.getByRole('option').first().click();
  await page.getByRole('button', { name: /^Dato/ }).click();
  await expect(page.getByRole('dialog', { name: 'Vælg dato' })).toBeVisible();
  const hrefs = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map(
      (l) => new URL(l.href).pathname,
    ),
  );
  expect(hrefs.length).toBeGreaterThan(0);
  expect(hrefs).toEqual([...new Set(hrefs)]);
});

test.describe('the booking form before it has hydrated', () => {
  const formHydrated = (page: Page) =>
    page.evaluate(() => (window as { __bookingFormHydrated?: boolean }).__bookingFormHydrated);

  test('the prerendered service field is enabled and offers the services the build read', async ({
    request,
  }) => {
    const html = await (await request.get('/contact')).text();
    const field = /<button[^>]*id="booking-service"[^>]*>/.exec(html)?.[0] ?? '';
    expect(field).not.toBe('');
    expect(field).not.toMatch(/\sdisabled(=""|\s|>)/);
    const options = JSON.parse(
      (/data-early-options="([^"]*)"/.exec(html)?.[1] ?? '[]').replace(/&quot;/g, '"'),
    ) as Array<[string, string, string, string]>;
    // grouped by kind (washes, then polishes), names in order inside each group
    expect(options.map(([, name, , group]) => `${group}: ${name}`)).toEqual([
      'Vask: Guldpakken',
      'Vask: Premiumpakken',
      'Vask: Sølvpakken',
      'Polering: Guldpakken polering',
      'Polering: Premiumpakken polering',
      'Polering: Sølvpakken polering',
    ]);
  });

  test('a tap opens the list at once; the choice made in it holds once the form has hydrated', async ({
    page,
  }) => {
    // slow scripts: the form surely has not hydrated when the visitor chooses
    await delayScripts(page, 2500);
    await page.goto('/contact#form');
    const service = page.getByRole('combobox', { name: 'Service' });
    await service.click();
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(page.getByRole('option', { name: 'Guldpakken', exact: true })).toBeFocused();
    expect(await formHydrated(page)).toBeUndefined();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Premiumpakken', exact: true })).toBeFocused();
    await page.getByRole('option', { name: 'Sølvpakken', exact: true }).click();
    await expect(page.getByRole('listbox')).toBeHidden();
    await expect(service).toHaveText('Sølvpakken');
    await expect(service).toBeFocused();
    expect(await formHydrated(page)).toBeUndefined();
    // the form hydrates and takes the choice over: the date can be chosen
    await expect.poll(() => formHydrated(page), { timeout: 20_000 }).toBe(true);
    await expect(service).toHaveText('Sølvpakken');
    await expect(page.getByRole('button', { name: /^Dato/ })).toBeEnabled();
  });

  test('a list opened before hydration is the form’s own list afterwards', async ({ page }) => {
    await delayScripts(page, 2500);
    await page.goto('/contact#form');
    const service = page.getByRole('combobox', { name: 'Service' });
    await service.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('listbox')).toBeVisible();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option', { name: 'Premiumpakken', exact: true })).toBeFocused();
    expect(await formHydrated(page)).toBeUndefined();
    await expect.poll(() => formHydrated(page), { timeout: 20_000 }).toBe(true);
    // the option the visitor had reached keeps the focus
    await expect(page.getByRole('listbox')).toBeVisible();
    await expect(page.getByRole('option', { name: 'Premiumpakken', exact: true })).toBeFocused();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect(service).toHaveText('Sølvpakken polering');
    await expect(page.getByRole('button', { name: /^Dato/ })).toBeEnabled();
  });
});
