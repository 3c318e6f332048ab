import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { bookingTime, chooseBookableDay, mailsTo, waitForMail } from './support/booking';

/**
 * The cancel journey on the production build and the embedded stack (the e-mail API is the local
 * mailbox, the only mock): book on /contact, open the cancel link from the captured confirmation,
 * cancel, then book the same slot again. Uses bookable day 8 so the booking specs' days stay free.
 */

const DAY_INDEX = 8;

const serviceSelect = (page: Page) => page.getByRole('combobox', { name: 'Service' });
const timeSelect = (page: Page) => page.getByRole('combobox', { name: 'Tidspunkt' });

/** Books Sølvpakken on the DAY_INDEX-th bookable day at `time` (default: the first free time). */
async function book(page: Page, email: string, time?: string): Promise<string> {
  await page.goto('/contact#form');
  await expect(serviceSelect(page)).toBeEnabled();
  await serviceSelect(page).click();
  await page.getByRole('option', { name: 'Sølvpakken', exact: true }).click();
  await chooseBookableDay(page, DAY_INDEX);
  await expect(timeSelect(page)).toBeEnabled();
  await timeSelect(page).click();
  const times = (await page.getByRole('option').allTextContents()).map((t) => t.trim());
  const chosen = time ?? times[0]!;
  expect(times, 'the time is offered').toContain(chosen);
  await page.getByRole('option', { name: chosen, exact: true }).click();
  await page.locator('#form').getByLabel('Navn').fill('Karen Holm');
  await page.locator('#form').getByLabel('Telefon').fill('21 34 56 78');
  await page.getByLabel('Email').fill(email);
  await page.locator('#form').getByRole('button', { name: 'Book tid' }).click();
  await expect(page.getByRole('region', { name: 'Din booking er bekræftet' })).toBeVisible();
  return chosen;
}

test.describe('cancel link', () => {
  test('book, cancel from the e-mail link, and book the same slot again', async ({ page }) => {
    // two bookings through the form and several sender runs: slow on a shared 2-core machine
    test.setTimeout(90_000);
    const email = `e2e-cancel-${Date.now()}@example.dk`;
    const time = await book(page, email);

    const confirmation = await waitForMail(email, 'Bookingbekræftelse');
    const link = /https?:\/\/\S+\/afbestil\?token=[0-9a-f]{64}/.exec(confirmation.text)?.[0];
    expect(link, 'cancel link in the e-mail').toBeTruthy();
    const url = new URL(link!);

    await page.goto(`${url.pathname}${url.search}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Afbestil booking' })).toBeVisible();
    await expect(page.getByText('Vil du afbestille denne booking?')).toBeVisible();
    await expect(page.getByText('Sølvpakken', { exact: true })).toBeVisible();
    await expect(page.getByText(new RegExp(`kl\\. ${time}$`)).first()).toBeVisible();
    // the page writes the booking's time as the e-mail does
    const when = (await page.getByTestId('cancel-Aflevering').textContent()) ?? '';
    expect(when).toMatch(bookingTime);
    expect(confirmation.text).toContain(when);
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expectNoAxeViolations(page, 'cancel page with a booking');

    await page.getByRole('button', { name: 'Ja, afbestil booking' }).click();
    await expect(
      page.getByRole('status').filter({ hasText: 'Din booking er afbestilt' }),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'cancel page after cancelling');

    // the link is used now: it says so and offers nothing to click (the page took the token out of
    // the address bar, so the link is opened again as from the e-mail)
    await expect.poll(() => new URL(page.url()).search).toBe('');
    await page.goto(`${url.pathname}${url.search}`);
    await expect(
      page.getByRole('heading', { name: 'Bookingen er allerede afbestilt' }),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Ja, afbestil booking' })).toHaveCount(0);

    // the customer and the workshop hear about it
    await expect
      .poll(async () => (await mailsTo(email)).map((m) => m.subject.split(':')[0]).sort())
      .toEqual(['Afbestilt', 'Bookingbekræftelse']);

    // the time is free again: someone else books exactly that slot
    await book(page, `e2e-rebook-${Date.now()}@example.dk`, time);
    await expect(page.getByText('Booking bekræftet!', { exact: true })).toBeVisible();
  });

  test('a link without a token or with an unknown token says it does not work', async ({
    page,
  }) => {
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/afbestil');
    await expect(page.getByRole('alert')).toContainText('Linket virker ikke');
    // prerendered without the query, hydrated cleanly (no hydration mismatch, no errors)
    expect(problems).toEqual([]);

    for (const path of ['/afbestil', `/afbestil?token=${'0'.repeat(64)}`, '/afbestil?token=abc']) {
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText('Linket virker ikke');
      await expect(page.getByRole('alert')).toContainText('Linket til afbestilling er ugyldigt');
      await expect(page.getByRole('link', { name: /Ring til os/ })).toBeVisible();
    }
    await expectNoAxeViolations(page, 'cancel page with an invalid link');
  });
});
