import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import {
  calendar,
  calendarGrid,
  chooseService,
  dateButton,
  GATEWAY,
  serviceSelect,
} from './support/booking';

/**
 * An outage of the booking backend is told once, on a phone: the form's notice with the phone
 * number, no toast beside it (the services shown are the build's, so their read failing is no
 * failure the visitor meets) and no error repeated in the date picker. And at 200 % zoom the
 * date picker stays in view below the sticky header.
 */

const NOTICE = 'Online booking virker ikke lige nu – ring +45 12 34 56 78, så booker vi dig.';
const WAITING = 'Kalenderen vises her, så snart vi kan hente den.';

/** Every message about the failure on screen: the notice, toasts, and the picker's own text. */
async function failureMessages(page: Page): Promise<string[]> {
  const texts = await page
    .locator('[data-testid="booking-outage"], [data-sonner-toast], [role="dialog"]')
    .allInnerTexts();
  return texts.filter((text) => /virker ikke|kunne ikke|fejl/i.test(text));
}

test.describe('an outage on a phone', () => {
  test.use({ viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true });

  test('is said once: one notice, no toast, no repeat in the date picker (both themes)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const backend = new RegExp(`^${GATEWAY.replace(/[.]/g, '\\.')}/`);
    await page.route(backend, (route) => route.abort('connectionrefused'));
    for (const theme of ['dark', 'light'] as const) {
      await page.goto(`/contact?theme=${theme}#form`);
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(serviceSelect(page)).toBeEnabled();
      await chooseService(page, 'Guldpakken');
      const notice = page.getByTestId('booking-outage');
      await expect(notice).toContainText(NOTICE, { timeout: 20_000 });
      // the services read gives up after postgrest-js's own retries (about 9 s in): still once
      await page.waitForTimeout(12_000);
      expect(await failureMessages(page)).toEqual([expect.stringContaining(NOTICE)]);
      await expect(page.locator('[data-sonner-toast]')).toHaveCount(0);
      await expect(page.getByText(/Kunne ikke indlæse/)).toHaveCount(0);
      await expectNoAxeViolations(page, `outage said once (${theme})`);

      // the date picker says what it waits for, not the failure again
      await dateButton(page).click();
      await expect(calendar(page)).toHaveText(WAITING);
      expect(await failureMessages(page)).toEqual([expect.stringContaining(NOTICE)]);
      await expectNoAxeViolations(page, `date picker during an outage (${theme})`);
      await page.keyboard.press('Escape');
      await expect(calendar(page)).toBeHidden();
    }
  });
});

test.describe('at 200 % zoom', () => {
  // a 1280 × 1024 screen zoomed to 200 %: the CSS viewport is half as wide and half as high
  test.use({ viewport: { width: 640, height: 512 }, deviceScaleFactor: 2 });

  test('the date picker opens in view below the sticky header, even from the bottom of the screen', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    for (const theme of ['dark', 'light'] as const) {
      await page.goto(`/contact?theme=${theme}#form`);
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await chooseService(page, 'Guldpakken');
      // the date button just above the bottom edge: no room for the calendar under it
      await dateButton(page).evaluate((button) => {
        const box = button.getBoundingClientRect();
        window.scrollBy({ top: box.bottom - (window.innerHeight - 12), behavior: 'instant' });
      });
      const before = await dateButton(page).boundingBox();
      expect(before!.y + before!.height).toBeGreaterThan(512 - 60);
      await dateButton(page).click();
      await expect(calendarGrid(page)).toBeVisible();
      // settled: the page scrolled and the popover followed
      await expect(async () => {
        const header = await page.locator('header').first().boundingBox();
        const grid = await calendarGrid(page).boundingBox();
        const dialog = await calendar(page).boundingBox();
        const headerBottom = header!.y + header!.height;
        expect(dialog!.y).toBeGreaterThanOrEqual(headerBottom);
        expect(grid!.y).toBeGreaterThanOrEqual(headerBottom);
        expect(grid!.y + grid!.height).toBeLessThanOrEqual(512);
        expect(grid!.x).toBeGreaterThanOrEqual(0);
        expect(grid!.x + grid!.width).toBeLessThanOrEqual(640);
        // below the button it belongs to, not flipped up over it
        const button = await dateButton(page).boundingBox();
        expect(dialog!.y).toBeGreaterThanOrEqual(button!.y + button!.height);
      }).toPass({ timeout: 5_000 });
      await expectNoAxeViolations(page, `date picker at 200 % zoom (${theme})`);
      await page.keyboard.press('Escape');
    }
  });
});
