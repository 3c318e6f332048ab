import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { expectPrerenderedAsHydrated } from './support/prerendered';
import { WIDTHS } from './support/widths';

// The pages' words are pinned once, in tests/pages (jsdom); here what only the build and a browser
// show, for the six content pages (of this spec and of pages-portfolio-contact-privacy): each is
// prerendered whole, as it reads once hydrated.
test.describe('prerendered HTML', () => {
  const pages = ['/', '/services', '/about', '/vores-arbejde', '/contact', '/privatlivspolitik'];
  for (const path of pages) {
    test(`${path} is prerendered with every word and link of the hydrated page`, async ({
      browser,
      page,
    }) => {
      await expectPrerenderedAsHydrated(browser, page, path);
    });
  }
});

const faqRegion = (page: Page) => page.getByRole('region', { name: 'Ofte stillede spørgsmål' });
/** The FAQ list once its entrance animation has started. */
const faqEntering = (faq: Locator) => faq.locator('[data-animation="entering"]');

/**
 * Scrolls the region into view, until `ready` is there if given; retried, as the element may be
 * replaced while the page hydrates.
 */
async function scrollTo(region: Locator, ready?: Locator) {
  await expect(async () => {
    await region.scrollIntoViewIfNeeded({ timeout: 1000 });
    if (ready) await expect(ready).toBeAttached({ timeout: 1000 });
  }).toPass();
}

test.describe('journeys', () => {
  test("'Vælg pakke' lands on /contact with the package in the query and the state", async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    await page.getByRole('link', { name: 'Vælg pakke: Guldpakken' }).click();
    await expect(page).toHaveURL(/\/contact\?service=Guldpakken#form$/);
    // React Router keeps navigation state in history.state.usr.
    const state = await page.evaluate(() => (window.history.state as { usr?: unknown }).usr);
    expect(state).toEqual({ service: 'Guldpakken' });
  });

  test("'Book service' carries its own title, with the query working without JavaScript", async ({
    browser,
  }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/services');
    await page.getByRole('link', { name: 'Book service: Premiumpakken polering' }).click();
    await expect(page).toHaveURL(/\/contact\?service=Premiumpakken%20polering#form$/);
    await context.close();
  });

  test('the services hero button scrolls to #services', async ({ page }) => {
    await page.goto('/services');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.getByRole('link', { name: 'Se pakker og priser' }).click();
    await expect(page).toHaveURL(/\/services#services$/);
    await expect
      .poll(() =>
        page.evaluate(() =>
          Math.round(document.getElementById('services')!.getBoundingClientRect().top),
        ),
      )
      .toBeLessThanOrEqual(100);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await expect(page.getByRole('heading', { name: 'Professionel Bilvask' })).toBeInViewport();
  });

  test('the FAQ fades in and keeps one answer open at a time', async ({ page }) => {
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    const faq = faqRegion(page);
    await scrollTo(faq, faqEntering(faq));
    const questions = faq.getByRole('button');
    await expect(questions).toHaveCount(7);
    await questions.nth(2).click();
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'true');
    await expect(faq.getByText(/2-3 år/)).toBeVisible();
    await questions.nth(4).click();
    await expect(questions.nth(4)).toHaveAttribute('aria-expanded', 'true');
    await expect(questions.nth(2)).toHaveAttribute('aria-expanded', 'false');
    await questions.nth(4).click();
    await expect(faq.locator('button[aria-expanded="true"]')).toHaveCount(0);
  });
});

test('the FAQ questions move the focus with the arrow keys, Home and End', async ({ page }) => {
  await gotoHydrated(page, '/about');
  const questions = faqRegion(page).getByRole('button');
  await questions.first().focus();
  const scrollY = await page.evaluate(() => window.scrollY);
  await page.keyboard.press('ArrowDown');
  await expect(questions.nth(1)).toBeFocused();
  // the arrow moved the focus, not the page
  expect(await page.evaluate(() => window.scrollY)).toBe(scrollY);
  await page.keyboard.press('End');
  await expect(questions.last()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(questions.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(questions.last()).toBeFocused();
  await page.keyboard.press('Home');
  await expect(questions.first()).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(questions.first()).toHaveAttribute('aria-expanded', 'true');
  const answer = faqRegion(page).getByRole('region', {
    name: (await questions.first().textContent())!,
  });
  await expect(answer).toBeVisible();
  await expect(questions.first()).toHaveAttribute(
    'aria-controls',
    (await answer.getAttribute('id'))!,
  );
});

test('a FAQ question pressed before hydration opens once the page has hydrated', async ({
  page,
}) => {
  // slow scripts: the press surely comes before React is there
  await page.route('**/assets/*.js', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto('/about');
  const question = faqRegion(page).getByRole('button').nth(2);
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true', { timeout: 15_000 });
  await expect(faqRegion(page).getByText(/2-3 år/)).toBeVisible();
  await expect(faqRegion(page).locator('button[aria-expanded="true"]')).toHaveCount(1);
});

test('the FAQ entrance is staggered by 0.1 s and skipped with reduced motion', async ({ page }) => {
  const itemStyles = () =>
    page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLElement>('#faq .faq-item')).map((item) => {
        const style = getComputedStyle(item);
        return { name: style.animationName, delay: style.animationDelay };
      }),
    );
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  const faq = faqRegion(page);
  await scrollTo(faq, faqEntering(faq));
  const styles = await itemStyles();
  expect(styles.map((s) => s.name)).toEqual(Array(7).fill('faq-item-in'));
  expect(styles.map((s) => s.delay)).toEqual([
    '0s',
    '0.1s',
    '0.2s',
    '0.3s',
    '0.4s',
    '0.5s',
    '0.6s',
  ]);

  await page.emulateMedia({ reducedMotion: 'reduce' });
  expect((await itemStyles()).map((s) => s.name)).toEqual(Array(7).fill('none'));
  await expect(faq.locator('.faq-item').last()).toHaveCSS('opacity', '1');
});

test('the about map asks first: no request to Google before the click', async ({ page }) => {
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    const { hostname } = new URL(request.url());
    if (hostname !== '127.0.0.1' && hostname !== 'localhost') thirdParty.push(request.url());
  });
  await page.goto('/about');
  await page.waitForLoadState('networkidle');
  const area = page.getByRole('region', { name: 'Vores serviceområde' });
  await scrollTo(area);
  await page.waitForLoadState('networkidle');
  expect(thirdParty).toEqual([]);
  await expect(area.locator('iframe')).toHaveCount(0);
  await area.getByRole('button', { name: /Vis kortet/ }).click();
  await expect(area.locator('iframe')).toHaveAttribute('src', /google\.com\/maps/);
});

/** Scrolls through the page (FAQ entrance), opens the first FAQ item on /about, waits for animations. */
async function preparePage(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  if (path === '/about') {
    const faq = faqRegion(page);
    await scrollTo(faq);
    const first = faq.getByRole('button').first();
    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(faqEntering(faq)).toBeAttached();
  }
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
}

for (const width of WIDTHS) {
  test.describe(`axe (${width.name})`, () => {
    test.use(width.use);
    for (const path of ['/', '/services', '/about']) {
      test(`${path} has no violations in both themes${path === '/about' ? ' with a FAQ answer open' : ''}`, async ({
        page,
      }) => {
        test.slow(); // axe runs four times per test on a shared 2-core machine
        await preparePage(page, path);
        await expectNoAxeViolations(page, `${path} dark ${width.name}`);
        await page.evaluate(() => localStorage.setItem('theme', 'light'));
        await preparePage(page, path);
        await expect(page.locator('html')).toHaveClass(/\blight\b/);
        await expectNoAxeViolations(page, `${path} light ${width.name}`);
      });
    }
  });
}

test.describe('rough edges', () => {
  test('the home hero shows its 16:9 drawing whole, not cropped to 4:3', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const hero = page.getByRole('img', { name: /Nypoleret bil/ });
    const box = (await hero.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    expect(await hero.evaluate((img) => getComputedStyle(img).objectFit)).not.toBe('cover');
  });

  test('the five values of /about fill their rows on a desktop (no empty cell)', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const list = page.getByRole('region', { name: 'Det står vi for' }).getByRole('list');
    const listBox = (await list.boundingBox())!;
    const cards = await list
      .getByRole('listitem')
      .evaluateAll((items) =>
        items.map((item) => item.getBoundingClientRect().toJSON() as DOMRect),
      );
    expect(cards).toHaveLength(5);
    const rows = new Map<number, DOMRect[]>();
    for (const card of cards) rows.set(card.top, [...(rows.get(card.top) ?? []), card]);
    expect([...rows.values()].map((row) => row.length)).toEqual([3, 2]);
    for (const row of rows.values()) {
      expect(Math.min(...row.map((c) => c.left))).toBeCloseTo(listBox.x, 0);
      expect(Math.max(...row.map((c) => c.right))).toBeCloseTo(listBox.x + listBox.width, 0);
    }
  });

  for (const width of [320, 390, 1280]) {
    test(`the map placeholder's notice does not cover its drawing (${width} px)`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/contact');
      const region = page.getByRole('region', { name: 'Værkstedet i Kolding' });
      await expect(region.getByRole('button', { name: /Vis kortet/ })).toBeVisible();
      // measured in one go in the page (the page may scroll between separate measurements)
      const { drawingBottom, noticeTop, buttonTop } = await region.evaluate((section) => {
        const top = (el: Element | null) => el!.getBoundingClientRect().top;
        const img = section.querySelector('img')!;
        const notice = [...section.querySelectorAll('p')].find((p) =>
          p.textContent?.startsWith('Kortet vises fra Google Maps'),
        );
        return {
          drawingBottom: img.getBoundingClientRect().bottom,
          noticeTop: top(notice ?? null),
          buttonTop: top(section.querySelector('button')),
        };
      });
      expect(noticeTop).toBeGreaterThanOrEqual(drawingBottom);
      expect(buttonTop).toBeGreaterThanOrEqual(drawingBottom);
    });
  }
});
