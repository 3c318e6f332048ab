import { expect, test, type Page } from '@playwright/test';
import { keyHeaders, SECRET_KEY } from '../local/keys';
import { expectNoAxeViolations } from './support/axe';
import { bookingTime, chooseBookableDay, GATEWAY, waitForMail } from './support/booking';

/**
 * The move journey on the production build and the embedded stack (the e-mail API is the local
 * mailbox, the only mock): a booking's confirmation in the mailbox, its "Flyt booking" link, the
 * page (token out of the address bar, no Referer), a new day and time in the booking form's own
 * calendar, the confirmation on the page, and the new e-mail with its .ics in the mailbox.
 * The booking is made with the database function the create-booking function calls, on bookable
 * day 11 of Sølvpakken; the move goes to bookable day 12 (other specs use earlier days).
 */

const SOLV = '5a1f0001-0000-4000-8000-000000000001';
const FROM_DAY = 11;
const TO_DAY = 12;

async function rpc<T>(name: string, body: unknown): Promise<T> {
  const res = await fetch(`${GATEWAY}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { ...keyHeaders(SECRET_KEY), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `rpc ${name}`).toBe(200);
  return (await res.json()) as T;
}

/** Scripts a page loads, with their source text. */
function recordScripts(page: Page): Map<string, Promise<string>> {
  const scripts = new Map<string, Promise<string>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      scripts.set(
        response.url(),
        response.text().catch(() => ''),
      );
    }
  });
  return scripts;
}

async function loadsMoveCode(scripts: Map<string, Promise<string>>): Promise<boolean> {
  const texts = await Promise.all(scripts.values());
  // the function's name as the code calls it, a quoted literal (the route manifest every page
  // loads names the chunk files, some after the move page's modules; the address of the call is
  // built from the name by the link pages' shared helper)
  return texts.some((t) => /[`'"]reschedule-booking[`'"]/.test(t));
}

test.describe('move link (Flyt booking)', () => {
  test('from the e-mail, pick a new time, see the confirmation and the new e-mail with its .ics', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const email = `e2e-flyt-${Date.now()}@example.dk`;
    const calendar = await rpc<{ days: { day: string; status: string }[] }>(
      'get_booking_calendar',
      { p_service_id: SOLV },
    );
    const bookable = calendar.days.filter((d) => d.status === 'bookable').map((d) => d.day);
    const day = bookable[FROM_DAY]!;
    const free = await rpc<{ slots: string[] }>('get_available_slots', {
      p_service_id: SOLV,
      p_date: day,
    });
    const booked = await rpc<{ status: string; reference: string }>('create_booking', {
      p_request: {
        service_id: SOLV,
        booking_date: day,
        booking_time: free.slots[0],
        customer_name: 'Lene Juhl',
        customer_email: email,
        customer_phone: '21345678',
      },
    });
    expect(booked.status).toBe('created');

    const confirmation = await waitForMail(email, 'Bookingbekræftelse');
    const link = /https?:\/\/\S+\/flyt\?token=[0-9a-f]{64}/.exec(confirmation.text)?.[0];
    expect(link, '"Flyt booking" link in the e-mail').toBeTruthy();
    expect(confirmation.text).toContain('Flyt booking');
    const url = new URL(link!);

    const scripts = recordScripts(page);
    const response = await page.goto(`${url.pathname}${url.search}`);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect(page.getByRole('heading', { level: 1, name: 'Flyt booking' })).toBeVisible();
    await expect(page.getByText(booked.reference, { exact: true })).toBeVisible();
    await expect(page.getByText('Sølvpakken', { exact: true })).toBeVisible();
    // the page writes the booking's time as the e-mail does
    const before = (await page.getByTestId('cancel-Aflevering').textContent()) ?? '';
    expect(before).toMatch(bookingTime);
    expect(confirmation.text).toContain(before);
    // the token leaves the address bar (and history) once read
    await expect.poll(() => new URL(page.url()).search).toBe('');
    expect(new URL(page.url()).pathname).toBe('/flyt');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await expect(page.locator('meta[name="referrer"]')).toHaveAttribute('content', 'no-referrer');
    await expectNoAxeViolations(page, 'move page with a booking');
    expect(await loadsMoveCode(scripts), 'the move page loads its code').toBe(true);

    await chooseBookableDay(page, TO_DAY);
    const timeSelect = page.getByRole('combobox', { name: 'Tidspunkt' });
    await expect(timeSelect).toBeEnabled();
    await timeSelect.click();
    const times = (await page.getByRole('option').allTextContents()).map((t) => t.trim());
    const chosen = times[Math.min(2, times.length - 1)]!;
    await page.getByRole('option', { name: chosen, exact: true }).click();
    await expect(page.getByText(`kl. ${chosen}`).first()).toBeVisible();
    await expectNoAxeViolations(page, 'move page with a new time chosen');
    await page.getByRole('button', { name: 'Flyt booking' }).click();

    await expect(
      page.getByRole('status').filter({ hasText: 'Din booking er flyttet' }),
    ).toBeVisible();
    await expect(page.getByText(new RegExp(`kl\\. ${chosen}$`)).first()).toBeVisible();
    await expectNoAxeViolations(page, 'move page after moving');

    // the new e-mail with the .ics that replaces the event
    const moved = await waitForMail(email, 'Booking flyttet');
    expect(moved.text).toContain(`kl. ${chosen}`);
    const after = (await page.getByTestId('cancel-Aflevering').textContent()) ?? '';
    expect(after).toMatch(bookingTime);
    expect(after).toMatch(new RegExp(` kl\\. ${chosen}$`));
    expect(moved.text).toContain(`fra ${before} til ${after}`);
    const ics = moved.attachments?.find((a) => a.filename === 'booking.ics');
    expect(ics, 'booking.ics attached').toBeTruthy();
    const icsText = Buffer.from(ics!.content, 'base64').toString('utf8');
    expect(icsText).toContain(`UID:booking-${booked.reference}@glanspunkt`);
    expect(icsText).toContain('SEQUENCE:1');
    expect(icsText).toContain(`T${chosen.replace(':', '')}00`);

    // the old link no longer works, and says why: the booking was moved, use the newest e-mail
    await page.goto(`${url.pathname}${url.search}`);
    const replaced = page.getByRole('status').filter({ hasText: 'Bookingen er flyttet' });
    await expect(replaced).toContainText('Brug linket i den nyeste e-mail fra os');
  });

  test('a link without a valid token says it does not work; other pages do not load the move code', async ({
    page,
  }) => {
    const links = [
      ['/flyt', false],
      [`/flyt?token=${'0'.repeat(64)}`, true],
      ['/flyt?token=abc', false],
    ] as const;
    for (const [path, wellFormed] of links) {
      const scripts = recordScripts(page);
      await page.goto(path);
      await expect(page.getByRole('alert')).toContainText('Linket virker ikke');
      await expect(page.getByRole('link', { name: /Ring til os/ })).toBeVisible();
      await page.waitForLoadState('networkidle');
      // a token of the right format is looked up, and the code for its answer loads beside the
      // lookup; without one there is nothing to look up, and the move form's code stays away
      const formCode = (await Promise.all(scripts.values())).some((t) =>
        t.includes('booking-time'),
      );
      expect(formCode, `${path} loads the move form's code`).toBe(wellFormed);
    }
    await expectNoAxeViolations(page, 'move page with an invalid link');

    for (const path of ['/', '/contact', '/afbestil']) {
      const scripts = recordScripts(page);
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      // hydrate and open the booking form's lazy parts on /contact too
      await page.keyboard.press('Tab');
      await page.waitForLoadState('networkidle');
      expect(await loadsMoveCode(scripts), `${path} loads no move code`).toBe(false);
    }
  });
});
