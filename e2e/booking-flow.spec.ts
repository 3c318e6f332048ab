import { expect, test, type Page } from '@playwright/test';
import { keyHeaders, SECRET_KEY } from '../local/keys';
import { expectNoAxeViolations } from './support/axe';
import {
  calendar,
  chooseDayAndTime,
  chooseService,
  dateButton,
  fillCustomer,
  GATEWAY,
  serviceSelect,
  submitButton,
  timeSelect,
  uniqueEmail,
  waitForMail,
} from './support/booking';

/**
 * What keeps a visitor booking, on a phone, on the production build and the embedded stack:
 * - an outage: the backend blocked (every request to it aborted), the form says so once with the
 *   phone and keeps the choice, and books once the backend answers again;
 * - the next free time: a day a multi-day job filled offers the next bookable day and time, one tap;
 * - links that explain themselves: a half-hour move on the same day (the booking's own time does
 *   not stand in its way), after which the first e-mail's cancel link says the booking was moved,
 *   and the new cancel link offers "Flyt i stedet".
 * Bookable days from index 20 on (the other specs use earlier days).
 */

const GULD = '5a1f0001-0000-4000-8000-000000000002';
const GULD_POLERING = '5a1f0001-0000-4000-8000-000000000005';
const PHONE = '+45 12 34 56 78';

test.use({ viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true });

async function rpc<T>(name: string, body: unknown): Promise<T> {
  const res = await fetch(`${GATEWAY}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: { ...keyHeaders(SECRET_KEY), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(res.status, `rpc ${name}`).toBe(200);
  return (await res.json()) as T;
}

interface Calendar {
  days: { day: string; status: string; time?: string }[];
}

/** "torsdag den 10. december 2026", as the pages write a day (src/lib/danish-date.ts). */
function danishDay(day: string): string {
  return new Intl.DateTimeFormat('da-DK', {
    timeZone: 'Europe/Copenhagen',
    dateStyle: 'full',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** Books in the database, as the create-booking function does; returns the customer's e-mail. */
async function bookInDb(serviceId: string, day: string, time: string, tag: string) {
  const email = uniqueEmail(tag);
  const booked = await rpc<{ status: string; reference: string }>('create_booking', {
    p_request: {
      service_id: serviceId,
      booking_date: day,
      booking_time: time,
      customer_name: 'Lene Juhl',
      customer_email: email,
      customer_phone: '21345678',
    },
  });
  expect(booked.status).toBe('created');
  return { email, reference: booked.reference };
}

/** Opens the date picker and taps the given day (full or bookable), paging months as needed. */
/** The n-th bookable day of Guldpakken and its free times. */
async function bookableDay(n: number) {
  const cal = await rpc<Calendar>('get_booking_calendar', { p_service_id: GULD });
  const day = cal.days.filter((d) => d.status === 'bookable')[n]!;
  const free = await rpc<{ slots: string[] }>('get_available_slots', {
    p_service_id: GULD,
    p_date: day.day,
  });
  return { day, free };
}

/** The move and cancel links of a booking e-mail (path and query). */
function linksOf(mail: { text: string }) {
  const flyt = /https?:\/\/\S+(\/flyt\?token=[0-9a-f]{64})/.exec(mail.text)?.[1];
  const afbestil = /https?:\/\/\S+(\/afbestil\?token=[0-9a-f]{64})/.exec(mail.text)?.[1];
  expect(flyt && afbestil, 'the e-mail has its move and cancel links').toBeTruthy();
  return { flyt: flyt!, afbestil: afbestil! };
}

/** On the move page: picks the day and the time, moves, and sees the new time confirmed. */
async function moveTo(page: Page, day: string, time: string) {
  await tapDay(page, day);
  await expect(timeSelect(page)).toBeEnabled();
  await timeSelect(page).click();
  await page.getByRole('option', { name: time, exact: true }).click();
  await page.getByRole('button', { name: 'Flyt booking' }).tap();
  await expect(
    page.getByRole('status').filter({ hasText: 'Din booking er flyttet' }),
  ).toBeVisible();
  await expect(page.getByText(`${danishDay(day)} kl. ${time}`).first()).toBeVisible();
}

async function tapDay(page: Page, day: string) {
  await dateButton(page).click();
  await expect(calendar(page).getByRole('grid')).toBeVisible();
  const cell = calendar(page).locator(`td[data-day="${day}"]:not([data-outside])`);
  for (let month = 0; month < 4 && (await cell.count()) === 0; month += 1) {
    await calendar(page).getByRole('button', { name: 'Gå til næste måned' }).click();
  }
  await cell.getByRole('button').click();
  await expect(calendar(page)).toBeHidden();
}

async function useLightTheme(page: Page) {
  await page.evaluate(() => localStorage.setItem('theme', 'light'));
}

test.describe('the booking flow on a phone', () => {
  test('outage: the form says so with the phone, keeps the choice, and books when the backend is back', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const backend = new RegExp(`^${GATEWAY.replace(/[.]/g, '\\.')}/`);
    await page.route(backend, (route) => route.abort('connectionrefused'));

    async function reachOutage(context: string) {
      // a new query each time: a page load (a goto that only changes the hash would not load)
      await page.goto(`/contact?theme=${context}#form`);
      // the build's list, at once
      await expect(serviceSelect(page)).toBeEnabled();
      await chooseService(page, 'Guldpakken');
      const notice = page.getByTestId('booking-outage');
      await expect(notice).toBeVisible({ timeout: 20_000 });
      await expect(notice).toContainText(
        `Online booking virker ikke lige nu – ring ${PHONE}, så booker vi dig.`,
      );
      await expect(notice.getByRole('link', { name: PHONE })).toHaveAttribute(
        'href',
        'tel:+4512345678',
      );
      await expectNoAxeViolations(page, `outage notice (${context})`);
    }

    await reachOutage('dark');
    // said once: no toast beside the notice (outage-once.spec.ts counts every message)
    await expect(page.getByText(/Kunne ikke indlæse/)).toHaveCount(0);
    // the services read fails too (after postgrest-js's own retries, about 9 s in): the choice
    // and the build's list stay, the form stays usable, and the notice is there once
    await page.waitForTimeout(12_000);
    await expect(page.getByTestId('booking-outage')).toHaveCount(1);
    await expect(serviceSelect(page)).toHaveText('Guldpakken');
    await expect(serviceSelect(page)).toBeEnabled();
    await expect(dateButton(page)).toBeEnabled();
    await dateButton(page).click();
    await expect(calendar(page)).toContainText('Kalenderen vises her, så snart vi kan hente den.');
    await expect(calendar(page)).not.toContainText('Indlæser kalender');
    await page.keyboard.press('Escape');
    await expect(calendar(page)).toBeHidden();

    await useLightTheme(page);
    await reachOutage('light');
    await expect(page.locator('html')).toHaveClass(/\blight\b/);

    // the backend answers again: the form comes back by itself and books
    await page.unroute(backend);
    await expect(page.getByTestId('booking-outage')).toBeHidden({ timeout: 45_000 });
    await expect(serviceSelect(page)).toHaveText('Guldpakken');
    await chooseDayAndTime(page, 20);
    await fillCustomer(page, uniqueEmail('outage'));
    await submitButton(page).tap();
    await expect(page.getByRole('region', { name: 'Din booking er bekræftet' })).toBeVisible({
      timeout: 20_000,
    });
  });

  test('a full day offers the next free time, and one tap takes it', async ({ page }) => {
    test.setTimeout(90_000);
    // Guldpakken polering (14 h) starts only at opening: booked there, the day is full for it
    const before = await rpc<Calendar>('get_booking_calendar', { p_service_id: GULD_POLERING });
    const bookable = before.days.filter((d) => d.status === 'bookable');
    const full = bookable[22]!;
    await bookInDb(GULD_POLERING, full.day, full.time!, 'next-free');
    const after = await rpc<Calendar>('get_booking_calendar', { p_service_id: GULD_POLERING });
    expect(after.days.find((d) => d.day === full.day)?.status).toBe('full');
    // the next free time, as the database answers it (the job's second day is taken too)
    const next = after.days.find((d) => d.day > full.day && d.status === 'bookable')!;
    const offer = `Næste ledige tid: ${danishDay(next.day)} kl. ${next.time}`;

    async function reachOffer(context: string) {
      // a new query each time: a page load (a goto that only changes the hash would not load)
      await page.goto(
        `/contact?service=${encodeURIComponent('Guldpakken polering')}&theme=${context}#form`,
      );
      await expect(serviceSelect(page)).toHaveText('Guldpakken polering');
      await tapDay(page, full.day);
      await expect(page.getByRole('button', { name: offer })).toBeVisible();
      await expectNoAxeViolations(page, `next free time offered (${context})`);
    }

    await page.goto('/');
    await useLightTheme(page);
    await reachOffer('light');
    await page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await reachOffer('dark');

    await page.getByRole('button', { name: offer }).tap();
    await expect(dateButton(page)).toContainText(danishDay(next.day));
    await expect(timeSelect(page)).toHaveText(next.time!);
    await expect(page.getByRole('button', { name: offer })).toBeHidden();
    await expect(page.getByText('Oversigt')).toBeVisible();
    await expectNoAxeViolations(page, 'next free time taken');
  });

  test('outage on the move page: said once with the phone, and the move works when the backend is back', async ({
    page,
  }) => {
    test.setTimeout(150_000);
    const { day, free } = await bookableDay(22);
    const { email, reference } = await bookInDb(GULD, day.day, free.slots[0]!, 'move-outage');
    const { flyt } = linksOf(await waitForMail(email, 'Bookingbekræftelse'));

    // the booking is found, then the backend stops answering: the calendar and the times fail
    let down = true;
    // (the call carries ?forceFunctionRegion=…)
    await page.route(`${GATEWAY}/functions/v1/reschedule-booking?*`, async (route) => {
      const action = (route.request().postDataJSON() as { action?: string } | null)?.action;
      if (down && (action === 'calendar' || action === 'slots')) {
        await route.abort('connectionrefused');
      } else {
        await route.continue();
      }
    });
    for (const theme of ['dark', 'light']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme).catch(() => {});
      await page.goto(flyt);
      await expect(page.getByText(reference, { exact: true })).toBeVisible();
      const notice = page.getByTestId('booking-outage');
      await expect(notice).toBeVisible({ timeout: 20_000 });
      await expect(notice).toHaveCount(1);
      await expect(notice).toContainText(
        `Flytning online virker ikke lige nu – ring ${PHONE}, så flytter vi din tid.`,
      );
      await expect(notice.getByRole('link', { name: PHONE })).toHaveAttribute(
        'href',
        'tel:+4512345678',
      );
      await expectNoAxeViolations(page, `move page outage notice (${theme})`);
    }
    await expect(page.locator('html')).toHaveClass(/\blight\b/);

    // the backend answers again: the page comes back by itself and the move goes through
    down = false;
    await expect(page.getByTestId('booking-outage')).toBeHidden({ timeout: 45_000 });
    await moveTo(page, day.day, free.slots.at(-1)!);
  });

  test("a same-day half-hour move; the first e-mail's cancel link then says the booking was moved", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const { day, free } = await bookableDay(26);
    const [start, shifted] = [free.slots[0]!, free.slots[1]!];
    const { email, reference } = await bookInDb(GULD, day.day, start, 'half-hour');
    // the public times now leave out the half hour after: Guldpakken takes two hours
    const publicNow = await rpc<{ slots: string[] }>('get_available_slots', {
      p_service_id: GULD,
      p_date: day.day,
    });
    expect(publicNow.slots).not.toContain(shifted);

    const { flyt, afbestil } = linksOf(await waitForMail(email, 'Bookingbekræftelse'));

    // the move page offers the half hour later on the same day, overlapping the booking itself
    await page.goto(flyt);
    await expect(page.getByText(reference, { exact: true })).toBeVisible();
    await moveTo(page, day.day, shifted);

    // the first e-mail's cancel link: the booking was moved, use the newest e-mail
    for (const theme of ['dark', 'light']) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.goto(afbestil);
      const message = page.getByRole('status').filter({ hasText: 'Bookingen er flyttet' });
      await expect(message).toBeVisible();
      await expect(message).toContainText('Brug linket i den nyeste e-mail fra os');
      await expect(page.getByText(/hele linket/)).toHaveCount(0);
      await expect(page.getByText(reference)).toHaveCount(0);
      await expectNoAxeViolations(page, `moved booking's old cancel link (${theme})`);
    }

    // the new e-mail's cancel link offers to move instead, with the same link
    const moved = await waitForMail(email, 'Booking flyttet');
    const newCancel = /https?:\/\/\S+(\/afbestil\?token=[0-9a-f]{64})/.exec(moved.text)?.[1];
    await page.goto(newCancel!);
    await expect(page.getByText('Vil du afbestille denne booking?')).toBeVisible();
    await expectNoAxeViolations(page, 'cancel page with "Flyt i stedet"');
    await page.getByRole('link', { name: 'Flyt i stedet' }).tap();
    await expect(page.getByRole('heading', { level: 1, name: 'Flyt booking' })).toBeVisible();
    await expect(page.getByText(reference, { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Vælg en ny tid' })).toBeVisible();
  });
});
