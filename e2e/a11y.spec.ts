import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { siteRoutes } from './support/routes';

// Runs in both Playwright projects: desktop and mobile widths.
for (const route of siteRoutes) {
  test(`axe: ${route.path} has no violations in the dark and the light theme`, async ({ page }) => {
    await page.goto(route.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page, `${route.path} dark`);
    await page.evaluate(() => localStorage.setItem('theme', 'light'));
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expectNoAxeViolations(page, `${route.path} light`);
  });
}

test('axe: the 404 page and the open mobile menu have no violations', async ({ page }) => {
  await page.goto('/findes-ikke');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectNoAxeViolations(page, '404');
  const toggle = page.getByRole('button', { name: 'Åbn menu' });
  if (await toggle.isVisible()) {
    await toggle.click();
    await expect(page.getByRole('navigation', { name: 'Mobilmenu' })).toBeVisible();
    await expectNoAxeViolations(page, 'mobile menu open');
  }
});
