import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support/hydration';

// app.css: the privacy policy's sections have `content-visibility: auto` (the footer not), so
// a first load styles and lays out only what is near the screen (docs/performance.md). What a
// visitor sees and does must not change.

/** Whether the browser renders the element now (false inside a skipped content-visibility box). */
const rendered = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));

test.use({ viewport: { width: 412, height: 823 } });

test('the privacy policy renders its far sections only when they near the screen', async ({
  page,
}) => {
  await page.goto('/privatlivspolitik');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Privatlivspolitik');
  const last = 'main > article > div > section:last-child h2';
  await expect
    .poll(() => rendered(page, 'main > article > div > section:first-child h2'))
    .toBe(true);
  expect(await rendered(page, last)).toBe(false);
  // the footer is always rendered: it ends every page, and a jump to the bottom must not change
  // the page's height under the visitor
  expect(await rendered(page, 'body > div > footer > div:first-child')).toBe(true);

  // Still in the page for find-in-page, assistive technology and links.
  await expect(page.locator(last)).toHaveCount(1);
  const footerLinks = page.getByRole('contentinfo').getByRole('link');
  expect(await footerLinks.count()).toBeGreaterThan(0);

  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => rendered(page, last)).toBe(true);
});

test('a link to a section of the privacy policy lands on its heading', async ({ page }) => {
  await page.goto('/privatlivspolitik');
  const ids = await page
    .locator('main > article > div > section[id]')
    .evaluateAll((sections) => sections.map((section) => section.id));
  const id = ids.at(-2)!;
  // A new visit with the #anchor (the browser's own scroll to it, before any JavaScript).
  await page.goto('about:blank');
  await page.goto(`/privatlivspolitik#${id}`);
  const heading = page.locator(`#${id} h2`);
  await expect(heading).toBeInViewport();
  expect(await rendered(page, `#${id} h2`)).toBe(true);
});

test('Back to the privacy policy lands on the same text as before', async ({ page }) => {
  await gotoHydrated(page, '/privatlivspolitik');
  // Scroll in steps, as a reader does, to a section far down, and remember what is at the top.
  const target = 'main > article > div > section:nth-last-child(3)';
  for (let step = 0; step < 40; step++) {
    const top = await page
      .locator(target)
      .evaluate((section) => section.getBoundingClientRect().top);
    if (top < 120) break;
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          window.scrollBy(0, 400);
          requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
        }),
    );
  }
  const y = await page.evaluate(() => Math.round(window.scrollY));
  expect(y).toBeGreaterThan(1000);
  const topBefore = await page
    .locator(target)
    .evaluate((section) => Math.round(section.getBoundingClientRect().top));

  await page
    .locator('header a[href="/services"]')
    .first()
    .evaluate((link: HTMLElement) => link.click());
  await expect(page).toHaveURL(/\/services$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/privatlivspolitik$/);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
  await expect
    .poll(() => page.locator(target).evaluate((s) => Math.round(s.getBoundingClientRect().top)))
    .toBe(topBefore);
});
