import { expect, test } from '@playwright/test';
import { gotoHydrated } from './support/hydration';
import { firstHeading } from './support/prerendered';
import { siteRoutes } from './support/routes';

test.describe('routes', () => {
  for (const route of siteRoutes) {
    test(`${route.path} is prerendered with its heading and hydrates cleanly`, async ({
      page,
      request,
    }) => {
      // The HTML file itself already holds the page (no JavaScript needed to see it).
      const html = await (await request.get(route.path)).text();
      expect(html).toMatch(/<html[^>]*lang="da"/);
      const h1 = firstHeading(html);
      expect(h1, 'prerendered <h1>').toMatch(route.heading);

      const problems: string[] = [];
      page.on('console', (msg) => {
        if (msg.type() === 'error' || /hydrat/i.test(msg.text())) problems.push(msg.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(route.heading);
      await page.waitForLoadState('networkidle');
      expect(problems).toEqual([]);
    });
  }

  test('an unknown path shows the 404 page with status 404 and logs the path', async ({ page }) => {
    const logged: string[] = [];
    page.on('console', (msg) => logged.push(msg.text()));
    const response = await page.goto('/findes-ikke/her');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Oops! Page not found');
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect.poll(() => logged.join('\n')).toContain('/findes-ikke/her');
    await page.getByRole('main').getByRole('link', { name: 'Tilbage til forsiden' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('theme', () => {
  test('is dark by default even when the system prefers light', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/');
    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.locator('[data-logo-variant="dark"]').first()).toBeVisible();
    await expect(page.locator('[data-logo-variant="light"]').first()).toBeHidden();
  });

  test('the choice is stored under "theme" and survives a reload', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Skift til lyst tema' }).click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.locator('[data-logo-variant="light"]').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Skift til mørkt tema' })).toBeVisible();
  });

  test('the toast area follows the theme', async ({ page }) => {
    await page.goto('/contact');
    await page.getByRole('button', { name: 'Skift til lyst tema' }).click();
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    // Enter in a field without service, date and time gives the 'Manglende oplysninger' toast.
    await page.locator('#form').getByLabel('Navn').fill('Test Testesen');
    await page.locator('#form').getByLabel('Navn').press('Enter');
    const toaster = page.locator('[data-sonner-toaster]');
    await expect(toaster.getByText('Manglende oplysninger')).toBeVisible();
    await expect(toaster).toHaveAttribute('data-sonner-theme', 'light');
    // in the site's font, not sonner's system font stack
    const toast = toaster.locator('[data-sonner-toast]').first();
    expect(await toast.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(
      /^"Inter Variable"/,
    );
  });

  test('a stored light theme is applied before any bundle runs (no flash)', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('theme', 'light'));
    await page.route('**/assets/**/*.js', (route) => route.abort());
    await page.goto('/about');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);
    await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
  });
});

test.describe('header', () => {
  test('phone links are tel: links and header and footer numbers differ', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    const callNow = page.getByRole('banner').getByRole('link', { name: /Ring nu/ });
    await expect(callNow).toBeVisible();
    const headerHref = await callNow.getAttribute('href');
    expect(headerHref).toMatch(/^tel:\+45\d{8}$/);
    const footerPhone = page.getByRole('contentinfo').locator('a[href^="tel:"]');
    await expect(footerPhone).toHaveCount(1);
    const footerHref = await footerPhone.getAttribute('href');
    expect(footerHref).toMatch(/^tel:\+45\d{8}$/);
    expect(footerHref).not.toBe(headerHref);
  });

  test('the mobile menu opens, closes with its button, Escape and navigation', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Åbn menu' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const menu = page.getByRole('navigation', { name: 'Mobilmenu' });
    await expect(menu).toBeHidden();

    await toggle.click();
    const close = page.getByRole('button', { name: 'Luk menu' });
    await expect(close).toHaveAttribute('aria-expanded', 'true');
    await expect(menu).toBeVisible();
    await close.click();
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Åbn menu' }).click();
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.getByRole('button', { name: 'Åbn menu' }).click();
    await menu.getByRole('link', { name: 'Om os' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect(menu).toBeHidden();
    await expect(page.getByRole('button', { name: 'Åbn menu' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });

  test('the desktop navigation is shown on wide screens, the hamburger is not', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Hovedmenu' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Åbn menu' })).toBeHidden();
  });
});

test.describe('scrolling', () => {
  test('every navigation lands at the top of the new page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/services');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(200);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Om os' }).click();
    await expect(page).toHaveURL(/\/about$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('a link to the current page scrolls smoothly to the top after a short delay', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto('/about');
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const start = await page.evaluate(() => window.scrollY);
    expect(start).toBeGreaterThan(200);

    // Record the scroll position from inside the page, every frame and at every scroll event, until
    // it reaches the top (no time limit: under load the click and the delay can take seconds), then
    // click the footer's own link.
    await page.evaluate(() => {
      const w = window as unknown as { scrollSamples: { t: number; y: number }[] };
      w.scrollSamples = [];
      const t0 = performance.now();
      const record = () => w.scrollSamples.push({ t: performance.now() - t0, y: window.scrollY });
      const sample = () => {
        record();
        if (window.scrollY > 0) requestAnimationFrame(sample);
      };
      addEventListener('scroll', record, { passive: true });
      requestAnimationFrame(sample);
    });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Om os' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 5000 }).toBe(0);
    const samples = await page.evaluate(
      () => (window as unknown as { scrollSamples: { t: number; y: number }[] }).scrollSamples,
    );
    // Still where it was right after the click (the delay), then passing through positions in
    // between (smooth, not a jump) before reaching the top.
    expect(samples[0]?.y).toBe(start);
    const between = samples.filter((s) => s.y > 0 && s.y < start);
    expect(between.length, 'intermediate scroll positions').toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/about$/);
  });
});

test.describe('scrolling back and forward', () => {
  test('Back and Forward land where the visitor was on each page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await gotoHydrated(page, '/about');
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    // A click from inside the page: Playwright's own click would first scroll the link into view.
    const nav = page.getByRole('navigation', { name: 'Hovedmenu' });
    await nav
      .getByRole('link', { name: 'Tjenester' })
      .evaluate((link: HTMLElement) => link.click());
    await expect(page).toHaveURL(/\/services$/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);

    await page.goBack();
    await expect(page).toHaveURL(/\/about$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/om os/i);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);

    await page.goForward();
    await expect(page).toHaveURL(/\/services$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/tjenester/i);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  });

  test('a click or Back right after a scroll (before its scroll event) keeps that position', async ({
    page,
  }) => {
    // A scroll event comes at the next frame; under load the visitor's click or Back can come
    // first (the flake once seen in CI: Forward landed at 0, the position of an earlier event).
    // Here the page sees the visitor's first scroll on each page, not the second.
    await page.setViewportSize({ width: 1280, height: 700 });
    await gotoHydrated(page, '/about');
    await page.evaluate(() => {
      const w = window as unknown as { holdScrollEvents: boolean };
      w.holdScrollEvents = false;
      window.addEventListener(
        'scroll',
        (event) => {
          if (w.holdScrollEvents) event.stopImmediatePropagation();
        },
        true,
      );
    });
    const hold = (on: boolean) =>
      page.evaluate((value) => {
        (window as unknown as { holdScrollEvents: boolean }).holdScrollEvents = value;
      }, on);
    /** Scrolls to y; with `seen`, waits two frames, so that the page has had the scroll event. */
    const scrollTo = (y: number, seen = false) =>
      page.evaluate(
        ([top, wait]) => {
          window.scrollTo(0, top);
          if (!wait) return;
          return new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          );
        },
        [y, seen] as const,
      );

    await scrollTo(300, true);
    await hold(true);
    await scrollTo(900);
    await page
      .getByRole('navigation', { name: 'Hovedmenu' })
      .getByRole('link', { name: 'Tjenester' })
      .evaluate((link: HTMLElement) => link.click());
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/tjenester/i);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await hold(false);
    await scrollTo(100, true);
    await hold(true);
    await scrollTo(400);

    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/om os/i);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/tjenester/i);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  });
});

test.describe('layout shift', () => {
  // The pages behind the e-mail links are prerendered as their frame with "Henter din booking...";
  // what the lookup answers replaces that line after hydration. Nothing on screen may move then
  // (Lighthouse measured a shift of 0.14 of the footer on a phone before the frame was a screen tall).
  for (const path of ['/afbestil', '/flyt', `/flyt?token=${'0'.repeat(64)}`]) {
    test(`${path}: nothing on screen moves while the link is looked up and answered`, async ({
      page,
    }) => {
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: number[] };
        w.shifts = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) {
            w.shifts.push(entry.value);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText('Linket virker ikke');
      await page.waitForLoadState('networkidle');
      const shifts = await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts);
      expect(shifts.reduce((sum, value) => sum + value, 0)).toBeLessThan(0.01);
    });
  }
});
