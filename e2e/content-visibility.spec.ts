import { expect, test, type Page } from '@playwright/test';
import { gotoHydrated } from './support/hydration';

// app.css: the privacy policy's sections have `content-visibility: auto` (the footer not), so
// a first load styles and lays out only what is near the screen (docs/performance.md, seventh
// round). What a visitor sees and does must not change.

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

// app.css: every content page's sections from the third on are skipped by the first paint too,
// and rendered for good at the load event (`sections-shown`, an inline script in <head>).
const contentPages = ['/', '/services', '/about', '/vores-arbejde', '/contact'];
const laterSections = 'main > section:nth-child(n + 3)';
/** Holds the page's load event back: a picture added to the HTML that never arrives. */
async function holdLoad(page: Page) {
  await page.route('**/__hold-load', () => {});
  await page.route(/\/[a-z-]*$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text()).replace(
      '</body>',
      '<img src="/__hold-load" alt=""></body>',
    );
    await route.fulfill({ response, body: html });
  });
}
const sectionsShown = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains('sections-shown'));

for (const path of contentPages) {
  test(`${path}: the first paint skips the sections below the first screen, the load event shows them for good`, async ({
    page,
  }) => {
    // Until the load event (held back here) they are skipped.
    await holdLoad(page);
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(await page.locator(laterSections).count()).toBeGreaterThan(0);
    expect(await rendered(page, 'main > section:first-child > :first-child')).toBe(true);
    expect(await rendered(page, 'main > section:last-child > :first-child')).toBe(false);
    expect(await sectionsShown(page)).toBe(false);
    // They start below the first screen (412 x 823), so nothing the visitor sees is contained.
    const top = await page
      .locator(laterSections)
      .first()
      .evaluate((section) => section.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(823);

    // Without the page's JavaScript, at the load event: all rendered, as without the rule.
    await page.unrouteAll();
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(path);
    expect(await sectionsShown(page)).toBe(true);
    expect(await rendered(page, 'main > section:last-child > :first-child')).toBe(true);
    const visibility = await page
      .locator('main > section')
      .evaluateAll((sections) => sections.map((s) => getComputedStyle(s).contentVisibility));
    expect(new Set(visibility)).toEqual(new Set(['visible']));
  });
}

test('on a wide screen too, the skipped sections start below the first screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await holdLoad(page);
  for (const path of contentPages) {
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    expect(await sectionsShown(page), path).toBe(false);
    const top = await page
      .locator(laterSections)
      .first()
      .evaluate((section) => section.getBoundingClientRect().top);
    expect(top, path).toBeGreaterThanOrEqual(700);
  }
});

test('End after the load jumps to the bottom, and the page keeps its height', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await page.goto('/about');
  await page.keyboard.press('End');
  await expect
    .poll(() => page.evaluate(() => window.scrollY + innerHeight - document.body.scrollHeight))
    .toBeGreaterThanOrEqual(-1);
  const at = await page.evaluate(() => [window.scrollY, document.body.scrollHeight]);
  // Some frames later: neither the height nor the position has changed.
  await page.evaluate(
    () => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 300)),
  );
  expect(await page.evaluate(() => [window.scrollY, document.body.scrollHeight])).toEqual(at);
});

test('a link to a section of the home page lands on it, and it stays there', async ({ page }) => {
  // A new visit with the #anchor: the browser's own jump, while the sections above it are skipped.
  await page.goto('/#hvorfor-os');
  await expect(page.locator('#hvorfor-os')).toBeInViewport();
  expect(await sectionsShown(page)).toBe(true);
  await settled(page);
  // Once everything above it has its real height, the section is still where the visitor is.
  const [top, margin] = await page
    .locator('#hvorfor-os')
    .evaluate((section) => [
      section.getBoundingClientRect().top,
      parseFloat(getComputedStyle(section).scrollMarginTop) || 0,
    ]);
  expect(Math.abs(top! - margin!)).toBeLessThanOrEqual(1);
});

/** Waits until the network is quiet (the page has hydrated) and two more frames are painted. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}
