import { expect, test, type Page, type Request } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { holdRequests } from './support/network';
import {
  chooseDayAndTime,
  chooseService,
  completeFormByKeyboard,
  fillCustomer,
  form,
  openServiceListByKeyboard,
  pickFocusedOption,
  serviceSelect,
  submitButton,
  timeSelect,
  uniqueEmail,
} from './support/booking';

/**
 * The booking form's proof of work in a real browser on the production build and
 * the embedded stack: the ALTCHA widget loads only when the visitor first touches the form, solves
 * the challenge from booking-challenge in a Web Worker, and the booking carries its solution, by
 * mouse and by keyboard; a refused (used) solution is replaced and the visitor sends again without
 * retyping; a submit before the check is done waits for it; no cookie, no third party, no axe
 * violation in either theme.
 */

const widget = (page: Page) => form(page).locator('altcha-widget');
const challengeStatus = (page: Page) => form(page).locator('.booking-challenge [role="status"]');
const confirmation = (page: Page) => page.getByRole('region', { name: 'Din booking er bekræftet' });

/**
 * Fills the form on a fresh load of /contact (the day-th bookable day, its first free time), sends
 * it while the check cannot be done yet (the caller holds a request back) and returns the send
 * button, busy and waiting for the check.
 */
async function sendBeforeTheCheck(page: Page, day: number, tag: string) {
  await page.goto('/contact#form');
  await chooseService(page, 'Sølvpakken');
  await chooseDayAndTime(page, day);
  await fillCustomer(page, uniqueEmail(tag));
  await submitButton(page).click();
  const waiting = form(page).getByRole('button', { name: 'Venter på robottjekket...' });
  await expect(waiting).toBeDisabled();
  return waiting;
}

/** The solution the booking request carried, decoded as the server decodes it. */
function sentSolution(request: Request) {
  const body = request.postDataJSON() as { altcha?: unknown };
  expect(typeof body.altcha).toBe('string');
  return JSON.parse(Buffer.from(body.altcha as string, 'base64').toString('utf8')) as {
    challenge: { parameters: { algorithm: string; expiresAt: number }; signature: string };
    solution: { counter: number; derivedKey: string };
  };
}

function watchRequests(page: Page) {
  const urls: string[] = [];
  page.on('request', (request) => urls.push(request.url()));
  let workers = 0;
  page.on('worker', () => (workers += 1));
  return { urls, workers: () => workers };
}

test.describe('proof of work in the booking form', () => {
  test('loads on the first touch, solves in a worker, and the booking carries the solution (mouse)', async ({
    page,
    context,
  }) => {
    const seen = watchRequests(page);
    await page.goto('/contact#form');
    await expect(serviceSelect(page)).toBeEnabled();
    await page.waitForLoadState('networkidle');
    // nothing of the widget before the visitor touches the form
    expect(seen.urls.filter((url) => /booking-challenge|altcha|pbkdf2/.test(url))).toEqual([]);
    await expect(widget(page)).toHaveCount(0);
    expect(seen.workers()).toBe(0);

    await chooseService(page, 'Sølvpakken');
    await expect(widget(page)).toHaveCount(1);
    // solved in the background: the status line says so and the widget shows it in Danish
    await expect(challengeStatus(page)).toHaveText('Robottjekket er klaret.', { timeout: 30_000 });
    await expect(widget(page)).toContainText('Tjekket er klaret');
    expect(seen.workers(), 'the proof of work ran in a Web Worker').toBeGreaterThan(0);
    expect(seen.urls.some((url) => url.includes('/functions/v1/booking-challenge'))).toBe(true);

    await chooseDayAndTime(page, 9);
    await fillCustomer(page, uniqueEmail('challenge-mouse'));
    const booked = page.waitForRequest(/\/functions\/v1\/create-booking(\?|$)/);
    await submitButton(page).click();
    await expect(confirmation(page)).toBeVisible();
    const sent = sentSolution(await booked);
    expect(sent.challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    expect(sent.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.solution.derivedKey).toMatch(/^[0-9a-f]{64}$/);
    expect(sent.challenge.parameters.expiresAt * 1000).toBeGreaterThan(Date.now());

    // no cookie, and every request went to the site or its own backend
    expect(await context.cookies()).toEqual([]);
    const hosts = new Set(seen.urls.map((url) => new URL(url).hostname));
    expect([...hosts].filter((host) => !['127.0.0.1', 'localhost'].includes(host))).toEqual([]);
  });

  test('a keyboard-only booking solves the check too, and the check is reachable and named', async ({
    page,
  }) => {
    await openServiceListByKeyboard(page);
    await pickFocusedOption(page, serviceSelect(page));
    await expect(serviceSelect(page)).toHaveText('Guldpakken');
    // four weeks after the first bookable day (clear of the other journeys' days), the second time
    await completeFormByKeyboard(page, {
      weeks: 4,
      option: 1,
      email: uniqueEmail('challenge-keyboard'),
    });
    // the check comes just before the button in the tab order, with its state as its name
    await page.keyboard.press('Shift+Tab');
    await expect(page.getByRole('checkbox', { name: 'Tjekket er klaret' })).toBeFocused({
      timeout: 30_000,
    });
    await expect(challengeStatus(page)).toHaveText('Robottjekket er klaret.');
    await page.keyboard.press('Tab');
    await expect(submitButton(page)).toBeFocused();
    const booked = page.waitForRequest(/\/functions\/v1\/create-booking(\?|$)/);
    await page.keyboard.press('Enter');
    await expect(confirmation(page)).toBeFocused();
    expect(sentSolution(await booked).solution.derivedKey).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a used solution is refused in Danish; the form keeps its input and the next send books', async ({
    page,
  }) => {
    // a first booking, whose solution is then sent again with the second (as a replay would be)
    await page.goto('/contact#form');
    await chooseService(page, 'Sølvpakken');
    await chooseDayAndTime(page, 10);
    await fillCustomer(page, uniqueEmail('challenge-first'));
    await expect(challengeStatus(page)).toHaveText('Robottjekket er klaret.', { timeout: 30_000 });
    const first = page.waitForRequest(/\/functions\/v1\/create-booking(\?|$)/);
    await submitButton(page).click();
    await expect(confirmation(page)).toBeVisible();
    const used = (await first).postDataJSON() as { altcha: string };

    await confirmation(page).getByRole('button', { name: 'Book en tid mere' }).click();
    await chooseService(page, 'Sølvpakken');
    await chooseDayAndTime(page, 11);
    const email = uniqueEmail('challenge-second');
    await fillCustomer(page, email);
    await expect(challengeStatus(page)).toHaveText('Robottjekket er klaret.', { timeout: 30_000 });
    let replays = 0;
    await page.route(/\/functions\/v1\/create-booking(\?|$)/, async (route) => {
      if (replays > 0) return route.continue();
      replays += 1;
      const body = route.request().postDataJSON() as Record<string, unknown>;
      await route.continue({ postData: JSON.stringify({ ...body, altcha: used.altcha }) });
    });
    await submitButton(page).click();
    await expect(
      page
        .getByRole('region', { name: /Notifikationer/ })
        .getByText(
          'Formularens automatiske robottjek er allerede brugt. Vent et øjeblik, til et nyt tjek er færdigt, og send igen.',
        ),
    ).toBeVisible();
    // nothing retyped: the same choices and fields are still there, and a new check runs
    await expect(page.getByLabel('Email')).toHaveValue(email);
    await expect(timeSelect(page)).toHaveText(/^\d{2}:\d{2}$/);
    await expect(challengeStatus(page)).toHaveText('Robottjekket er klaret.', { timeout: 30_000 });
    const second = page.waitForRequest(/\/functions\/v1\/create-booking(\?|$)/);
    await submitButton(page).click();
    await expect(confirmation(page)).toBeVisible();
    expect(((await second).postDataJSON() as { altcha: string }).altcha).not.toBe(used.altcha);
  });

  test('a send before the check is done waits for it with a Danish status, then books', async ({
    page,
  }) => {
    // the challenge's answer is held back until the visitor has pressed the button
    const release = await holdRequests(page, /\/functions\/v1\/booking-challenge(\?|$)/);
    const waiting = await sendBeforeTheCheck(page, 12, 'challenge-waiting');
    await expect(waiting).toBeVisible();
    await expect(challengeStatus(page)).toHaveText(
      'Robottjekket kører i baggrunden. Du kan udfylde formularen imens.',
    );
    release();
    await expect(confirmation(page)).toBeVisible({ timeout: 30_000 });
  });

  test('a send before the widget has loaded starts one check, waits for it, then books once', async ({
    page,
  }) => {
    // the widget's chunk is held back until the visitor has pressed the button (a slow network):
    // the send asks for the check before the widget exists
    const release = await holdRequests(page, /\/assets\/booking-challenge-[^/]*\.js$/);
    const challenges: string[] = [];
    const bookings: string[] = [];
    page.on('request', (request) => {
      if (/\/functions\/v1\/booking-challenge(\?|$)/.test(request.url()))
        challenges.push(request.url());
      if (/\/functions\/v1\/create-booking(\?|$)/.test(request.url())) bookings.push(request.url());
    });
    await sendBeforeTheCheck(page, 13, 'challenge-unloaded');
    release();
    // before: the send started a second solve beside the widget's own start; the first, aborted,
    // ended as a failure and the send was refused with "Robottjekket kunne ikke gennemføres"
    await expect(confirmation(page)).toBeVisible({ timeout: 30_000 });
    await expect(
      page.getByRole('region', { name: /Notifikationer/ }).getByText('Booking bekræftet!'),
    ).toBeVisible();
    await expect(page.getByText('Robottjekket kunne ikke gennemføres')).toHaveCount(0);
    expect(challenges).toHaveLength(1);
    expect(bookings).toHaveLength(1);
  });

  test('when our server cannot give the check, the widget and the send say the fault is ours (both themes)', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const cases = [
      // the function cannot be reached at all
      { theme: 'dark', fail: 'unreachable', day: 14 },
      // the function answers, but wrongly (a platform error page instead of a challenge)
      { theme: 'light', fail: 'wrong answer', day: 15 },
    ] as const;
    for (const { theme, fail, day } of cases) {
      await page.unrouteAll();
      await page.route(/\/functions\/v1\/booking-challenge(\?|$)/, (route) =>
        fail === 'unreachable'
          ? route.abort('connectionrefused')
          : route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad Gateway</h1>' }),
      );
      await page.goto('/contact#form');
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await chooseService(page, 'Sølvpakken');
      await chooseDayAndTime(page, day);
      await fillCustomer(page, uniqueEmail(`challenge-down-${theme}`));
      await submitButton(page).click();
      const toasts = page.getByRole('region', { name: /Notifikationer/ });
      await expect(toasts.getByText('Robottjekket virker ikke lige nu')).toBeVisible({
        timeout: 30_000,
      });
      await expect(
        toasts.getByText(/^Fejlen er hos os, ikke hos dig: vores server svarer ikke/),
      ).toBeVisible();
      await expect(
        toasts.getByRole('button', { name: 'Ring og book: +45 12 34 56 78' }),
      ).toBeVisible();
      // the widget in place says the same, and asks nothing of the visitor but a retry
      await expect(widget(page)).toContainText(
        'Fejl hos os: robottjekket kunne ikke hentes. Klik her for at prøve igen.',
      );
      await expect(challengeStatus(page)).toHaveText(
        'Robottjekket kunne ikke hentes fra vores server. Vi prøver igen, når du sender bookingen.',
      );
      // nothing on the page reads as the visitor's mistake
      await expect(page.getByText(/Tjekket mislykkedes|internetforbindelse/)).toHaveCount(0);
      await expectNoAxeViolations(page, `check unavailable (${fail}), ${theme} theme`);
    }
  });

  test('axe finds no violations with the widget, in the dark and the light theme', async ({
    page,
  }) => {
    for (const theme of ['dark', 'light'] as const) {
      await page.goto('/contact#form');
      await page.evaluate((value) => localStorage.setItem('theme', value), theme);
      await page.reload();
      await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
      await expect(serviceSelect(page)).toBeEnabled();
      await chooseService(page, 'Guldpakken');
      await expect(challengeStatus(page)).toHaveText('Robottjekket er klaret.', {
        timeout: 30_000,
      });
      await expectNoAxeViolations(page, `widget solved, ${theme} theme`);
    }
  });
});
