import { expect, test, type Browser, type Page } from '@playwright/test';
import { keyHeaders, PUBLISHABLE_KEY } from '../local/keys';
import { solvedAltcha } from '../supabase/tests/helpers/challenge';
import { expectNoAxeViolations } from './support/axe';
import {
  calendar,
  chooseService,
  chooseTime,
  dateButton,
  fillCustomer,
  GATEWAY,
  mailbox,
  mailsTo,
  offeredTimes,
  openContact,
  submitButton,
  waitForMail,
  type Captured,
} from './support/booking';
import { edit } from './support/owner-day';

/**
 * "Skriv mig op" on a phone, on the production build and the embedded stack (the mailbox is the
 * only mock): a day filled to the minute, two visitors written up to it (the first also for an
 * SMS), one wash cancelled by the owner, both told with a one-tap link (the first by e-mail and by
 * one SMS with the same link); the first books the freed time, the second finds it
 * taken, politely, with the next free time and the list offered again. axe in both themes on every
 * new state.
 */

const SOLV = '5a1f0001-0000-4000-8000-000000000001';

interface CalendarDay {
  day: string;
  status: string;
}

/** A late Monday to Wednesday of the window (the other specs book early days). */
async function quietDay(): Promise<string> {
  const res = await fetch(`${GATEWAY}/rest/v1/rpc/get_booking_calendar`, {
    method: 'POST',
    headers: { ...keyHeaders(PUBLISHABLE_KEY), 'Content-Type': 'application/json' },
    body: JSON.stringify({ p_service_id: SOLV }),
  });
  const { days } = (await res.json()) as { days: CalendarDay[] };
  const weekday = (day: string) => new Date(`${day}T12:00:00Z`).getUTCDay();
  const candidates = days.filter(
    (d, i) =>
      d.status === 'bookable' &&
      [1, 2, 3].includes(weekday(d.day)) &&
      days[i + 1]?.status === 'bookable',
  );
  const day = candidates.at(-2)?.day;
  if (!day) throw new Error('no quiet day in the window');
  return day;
}

const PACKAGE = {
  solv: SOLV,
  solvPolish: '5a1f0001-0000-4000-8000-000000000004',
  guld: '5a1f0001-0000-4000-8000-000000000002',
};

async function book(serviceId: string, day: string, time: string): Promise<string> {
  const res = await fetch(`${GATEWAY}/functions/v1/create-booking`, {
    method: 'POST',
    headers: { ...keyHeaders(PUBLISHABLE_KEY), 'Content-Type': 'application/json' },
    body: JSON.stringify({
      serviceId,
      customerName: 'Poul Poulsen',
      customerEmail: `e2e-waitlist-${time.replace(':', '')}-${Date.now()}@example.dk`,
      customerPhone: '21345678',
      bookingDate: day,
      bookingTime: time,
      altcha: await solvedAltcha(GATEWAY),
    }),
  });
  const body = (await res.json()) as { reference?: string };
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body.reference!;
}

/**
 * Fills the day (09:00-20:00, one bay) to the minute: a wash at 09:00, a polish 09:30-17:30, a
 * gold wash 17:30-19:30 and a wash 19:30-20:00. Returns the 09:00 wash, whose cancellation frees
 * exactly one time.
 */
async function fillDay(day: string): Promise<string> {
  const first = await book(PACKAGE.solv, day, '09:00');
  await book(PACKAGE.solvPolish, day, '09:30');
  await book(PACKAGE.guld, day, '17:30');
  await book(PACKAGE.solv, day, '19:30');
  return first;
}

async function switchTheme(page: Page, to: 'light' | 'dark') {
  await page
    .getByRole('button', { name: to === 'light' ? 'Skift til lyst tema' : 'Skift til mørkt tema' })
    .click();
  await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${to}\\b`));
}

/** axe in the dark theme (the default) and the light one, back to dark. */
async function axeBothThemes(page: Page, state: string) {
  await expectNoAxeViolations(page, `${state}, dark`);
  await switchTheme(page, 'light');
  await expectNoAxeViolations(page, `${state}, light`);
  await switchTheme(page, 'dark');
}

/** Opens the date picker and picks `day`, paging months until it shows. */
async function pickDay(page: Page, day: string) {
  await dateButton(page).click();
  const dialog = calendar(page);
  await expect(dialog.getByRole('grid')).toBeVisible();
  const cell = dialog.locator(`td[data-day="${day}"]:not([data-outside]) button`);
  for (let month = 0; month < 4 && (await cell.count()) === 0; month += 1) {
    await dialog.getByRole('button', { name: 'Gå til næste måned' }).click();
  }
  await expect(cell).toHaveAccessibleName(/fuldt booket$/);
  await cell.click();
  await expect(dialog).toBeHidden();
}

async function writeUp(browser: Browser, day: string, email: string, axe: boolean, phone?: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await openContact(page);
  await chooseService(page, 'Sølvpakken');
  await pickDay(page, day);
  const offer = page.getByTestId('waitlist-offer');
  await expect(offer).toHaveText(/^Skriv mig op til \w+dag den \d+\. \w+ \d{4}$/);
  await expect(page.getByTestId('booking-next-free')).toBeVisible();
  if (axe) await axeBothThemes(page, 'a full day with "Skriv mig op"');
  await offer.click();
  const field = page.getByLabel('Din e-mail');
  const phoneField = page.getByLabel('Send mig også en SMS: dit mobilnummer (valgfrit)');
  await field.fill('ikke-en-adresse');
  // a wrong phone is marked at its field with the booking form's message, beside the address's
  if (phone) await phoneField.fill('12 34');
  await page.getByRole('button', { name: 'Skriv mig op', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'e-mail' })).toBeVisible();
  if (phone) {
    await expect(phoneField).toHaveAttribute('aria-invalid', 'true');
    await expect(
      page.getByRole('alert').filter({ hasText: 'Indtast et gyldigt telefonnummer' }),
    ).toBeVisible();
  }
  if (axe) await axeBothThemes(page, 'the waiting list form with a wrong address (and phone)');
  await field.fill(email);
  if (phone) await phoneField.fill(phone);
  await page.getByRole('button', { name: 'Skriv mig op', exact: true }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Du er skrevet op til' })).toHaveText(
    phone ? /mail og en SMS/ : /sender dig en mail, hvis/,
  );
  if (axe) await axeBothThemes(page, 'written up');
  await context.close();
}

test('a full day: "Skriv mig op", a cancellation, the message, the one-tap booking, the second refused politely', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const day = await quietDay();
  const wash = await fillDay(day);
  const first = `e2e-waitlist-first-${Date.now()}@example.dk`;
  const second = `e2e-waitlist-second-${Date.now()}@example.dk`;
  // a Danish mobile number of this run's own (at most 3 SMS a day go to one number)
  const digits = `2${String(Date.now()).slice(-7)}`;
  const firstPhone = `${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)} ${digits.slice(6)}`;
  const firstE164 = `+45${digits}`;

  await writeUp(browser, day, first, true, firstPhone);
  await writeUp(browser, day, second, false);
  const receipt = await waitForMail(first, 'Du er skrevet op til');
  expect(receipt.text).toMatch(/venteliste-afmeld=[0-9a-f]{64}/);
  // his receipt names the number his SMS will go to, as he can check it
  expect(receipt.text).toContain(`og én SMS med samme link til +45 ${firstPhone}`);

  // a third changes his mind: the receipt's leave link asks, one tap takes him off the list
  const third = `e2e-waitlist-third-${Date.now()}@example.dk`;
  await writeUp(browser, day, third, false);
  const thirdReceipt = await waitForMail(third, 'Du er skrevet op til');
  const leaveHref = /https?:\/\/\S+\/contact\?venteliste-afmeld=[0-9a-f]{64}#form/.exec(
    thirdReceipt.text,
  )?.[0];
  expect(leaveHref, 'the leave link').toBeTruthy();
  const leaving = await (await browser.newContext()).newPage();
  const leaveUrl = new URL(leaveHref!);
  await leaving.goto(`${leaveUrl.pathname}${leaveUrl.search}${leaveUrl.hash}`);
  const leave = leaving.getByRole('button', { name: 'Fjern mig fra ventelisten' });
  await expect(leave).toBeVisible();
  await axeBothThemes(leaving, 'the leave link');
  await leave.click();
  await expect(
    leaving.getByRole('status').filter({ hasText: 'Du er fjernet fra ventelisten.' }),
  ).toBeVisible();
  await axeBothThemes(leaving, 'left the list');

  // the owner cancels the 09:00 wash in his table: one time is free on the day
  const cancelled = await edit(wash, { status: 'aflyst' });
  expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);

  const links = await Promise.all(
    [first, second].map(async (to) => {
      const mail = await waitForMail(to, 'Der er en ledig tid');
      const href = /https?:\/\/\S+\/contact\?\S+#form/.exec(mail.text)?.[0];
      expect(href, `the one-tap link to ${to}`).toBeTruthy();
      const url = new URL(href!);
      expect(url.searchParams.get('dag')).toBe(day);
      return `${url.pathname}${url.search}${url.hash}`;
    }),
  );

  // the first gave his phone: one SMS with the day and the same one-tap link
  let sms: Captured | undefined;
  await expect
    .poll(
      async () => {
        sms = (await mailbox()).find(
          (m) => m.to.includes(firstE164) && m.text.includes('Der er blevet en tid ledig'),
        );
        return Boolean(sms);
      },
      { message: `an SMS to ${firstE164}` },
    )
    .toBe(true);
  expect(sms!.text).toMatch(
    /^Glanspunkt: Der er blevet en tid ledig \w+dag den \d+\. \w+ \d{4} \(første ledige kl\. 09:00\), som du stod på venteliste til\. Den, der booker først, får tiden: https?:\/\/\S+#form$/,
  );
  const smsUrl = new URL(/https?:\/\/\S+#form/.exec(sms!.text)![0]);
  expect(`${smsUrl.pathname}${smsUrl.search}${smsUrl.hash}`).toBe(links[0]);
  // one SMS, whatever the sender's runs; none to those who gave no phone
  expect((await mailbox()).filter((m) => m.to.includes(firstE164))).toHaveLength(1);

  // the one who left is not told
  expect((await mailsTo(third)).map((m) => m.subject)).not.toContainEqual(
    expect.stringMatching(/^Der er en ledig tid/),
  );

  // the first taps his link: the form on the day with his package, a free time, booked
  const one = await (await browser.newContext()).newPage();
  await one.goto(links[0]!);
  await expect(one.getByRole('combobox', { name: 'Service' })).toHaveText('Sølvpakken');
  const times = await offeredTimes(one);
  expect(times).toEqual(['09:00']);
  await chooseTime(one, times[0]!);
  await fillCustomer(one, first);
  await submitButton(one).click();
  await expect(one.getByRole('region', { name: 'Din booking er bekræftet' })).toBeVisible();

  // the second taps his: the day is full again, said politely, with the next free time and the
  // list offered again
  const two = await (await browser.newContext()).newPage();
  await two.goto(links[1]!);
  await expect(two.getByTestId('waitlist-taken')).toHaveText(
    'Tiden er desværre allerede taget af en anden på ventelisten. Vælg den næste ledige tid herunder, eller skriv dig op igen.',
  );
  await expect(two.getByTestId('booking-next-free')).toBeVisible();
  await expect(two.getByTestId('waitlist-offer')).toBeVisible();
  await axeBothThemes(two, 'the time taken by another on the list');
});
