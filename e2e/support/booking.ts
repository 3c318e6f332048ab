import { expect, type Locator, type Page } from '@playwright/test';
import { keyHeaders, SECRET_KEY } from '../../local/keys';

/**
 * What the booking specs (booking, emails, cancel, reschedule, site-data) share: the embedded
 * stack's addresses, the booking form's calendar, and the local mailbox (the stand-in for the
 * e-mail API, the only mock).
 */

const SUPABASE_PORT = Number(process.env.E2E_SUPABASE_PORT ?? 54329);
/** The Supabase-compatible gateway of the e2e stack. */
export const GATEWAY = `http://127.0.0.1:${SUPABASE_PORT}`;
/** The local mailbox that captures every e-mail the stack sends. */
export const MAILBOX = process.env.E2E_MAILBOX_URL ?? `http://127.0.0.1:${SUPABASE_PORT + 3}`;

/** An e-mail as the local mailbox's API returns it. */
export interface Captured {
  id: string;
  to: string[];
  subject: string;
  text: string;
  attachments?: { filename: string; content: string }[];
}

/** The booking form on /contact and its fields, by role and name. */
export const form = (page: Page) => page.locator('#form');
export const serviceSelect = (page: Page) => page.getByRole('combobox', { name: 'Service' });
export const timeSelect = (page: Page) => page.getByRole('combobox', { name: 'Tidspunkt' });
export const dateButton = (page: Page) => page.getByRole('button', { name: /^Dato/ });
export const submitButton = (page: Page) => form(page).getByRole('button', { name: 'Book tid' });
export const calendar = (page: Page) => page.getByRole('dialog', { name: 'Vælg dato' });
/** The calendar's month grid: react-day-picker arrives on its own, after the popover may open. */
export const calendarGrid = (page: Page) => calendar(page).getByRole('grid');

/**
 * A booking's day, and its time, as the form, /flyt, /afbestil and the e-mails all write them:
 * 'torsdag den 10. december 2026', 'torsdag den 10. december 2026 kl. 09:00'.
 */
export const bookingDay = /^(?:man|tirs|ons|tors|fre|lør|søn)dag den \d{1,2}\. [a-zæøå]+ \d{4}$/;
export const bookingTime =
  /^(?:man|tirs|ons|tors|fre|lør|søn)dag den \d{1,2}\. [a-zæøå]+ \d{4} kl\. \d{2}:\d{2}$/;

/** An e-mail address no other run used, so each test's mails are its own. */
export const uniqueEmail = (tag: string) => `e2e-${tag}-${Date.now()}@example.dk`;

/** Opens the form (with ?service= if given) once its services have loaded. */
export async function openContact(page: Page, service?: string) {
  const query = service ? `?service=${encodeURIComponent(service)}` : '';
  await page.goto(`/contact${query}#form`);
  await expect(serviceSelect(page)).toBeEnabled();
}

export async function chooseService(page: Page, name: string) {
  await serviceSelect(page).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(serviceSelect(page)).toHaveText(name);
}

/** Opens the time list and returns the offered times. */
export async function offeredTimes(page: Page): Promise<string[]> {
  await expect(timeSelect(page)).toBeEnabled();
  await timeSelect(page).click();
  const options = page.getByRole('option');
  await expect(options.first()).toBeVisible();
  return (await options.allTextContents()).map((text) => text.trim());
}

export async function chooseTime(page: Page, time: string) {
  await page.getByRole('option', { name: time, exact: true }).click();
  await expect(timeSelect(page)).toHaveText(time);
}

/**
 * Picks the first bookable day from the index-th on that still has a free time (a retried test
 * finds its first day taken) and that day's first free time. A negative index counts from the
 * window's end and tries earlier days.
 */
export async function chooseDayAndTime(page: Page, index: number, tries = 8) {
  const step = index < 0 ? -1 : 1;
  for (let i = index; Math.abs(i - index) < tries; i += step) {
    const day = await chooseBookableDay(page, i);
    const times = await offeredTimes(page);
    const time = times[0] ?? '';
    if (/^\d{2}:\d{2}$/.test(time)) {
      await chooseTime(page, time);
      return { index: i, day, time };
    }
    await page.keyboard.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
  }
  throw new Error(`no free time on the ${tries} bookable days from day ${index} on`);
}

/** Fills in the customer fields: name, phone, the given e-mail address and a note. */
export async function fillCustomer(page: Page, email: string) {
  await page.locator('#form').getByLabel('Navn').fill('Mette Jensen');
  await page.locator('#form').getByLabel('Telefon').fill('21 34 56 78');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Bemærkninger (valgfrit)').fill('Sort Tesla Model 3');
}

/**
 * Presses Enter on the focused option of an open list and waits, as a person would before the next
 * key, until the list has closed and handed the focus back to its trigger (a Tab sent before that
 * starts from the list).
 */
export async function pickFocusedOption(page: Page, trigger: Locator) {
  await page.keyboard.press('Enter');
  await expect(page.getByRole('listbox')).toBeHidden();
  await expect(trigger).toBeFocused();
}

/**
 * Opens /contact#form, focuses the service select and opens it with Enter; the list moves the focus
 * to its first package once it has opened (wait for it before the next key, as a person does: two
 * keys in one task would both start from the same option).
 */
export async function openServiceListByKeyboard(page: Page) {
  await page.goto('/contact#form');
  await expect(serviceSelect(page)).toBeEnabled();
  await serviceSelect(page).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option', { name: 'Guldpakken', exact: true })).toBeFocused();
}

/**
 * From the chosen service, by keyboard only, through the package's job: Tab (at once, as a person
 * does: before the form has hydrated the early script holds it and the form moves the focus on
 * when it takes over) to the car's size (one stop for the radio group, on the size chosen), the
 * arrow keys to `size` if given; Tab through each add-on and Space on those named in `addons`.
 * Ends with the focus on the date.
 */
async function chooseJobByKeyboard(
  page: Page,
  { size, addons = [] }: { size?: string; addons?: readonly string[] },
) {
  const job = page.getByTestId('job-fields');
  await page.keyboard.press('Tab');
  // the quote is drawn in the same render as the job's fields: they are all there now
  await expect(job.getByTestId('job-quote')).toBeVisible();
  const radios = job.getByRole('radio');
  const boxes = job.getByRole('checkbox');
  const [radioCount, boxCount] = [await radios.count(), await boxes.count()];
  if (radioCount > 0) {
    await expect(job.getByRole('radio', { checked: true })).toBeFocused();
    if (size) {
      const wanted = job.getByRole('radio', { name: new RegExp(`^${size}`) });
      for (let i = 0; i < radioCount && !(await wanted.isChecked()); i += 1) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(wanted).toBeChecked();
      await expect(wanted).toBeFocused();
    }
  }
  const wanted = await Promise.all(
    addons.map((addon) =>
      job.getByRole('checkbox', { name: new RegExp(`^${addon}`) }).getAttribute('value'),
    ),
  );
  for (let i = 0; i < boxCount; i += 1) {
    // the first add-on is the first stop when there is no size to choose
    if (i > 0 || radioCount > 0) await page.keyboard.press('Tab');
    const box = boxes.nth(i);
    await expect(box).toBeFocused();
    if (wanted.includes(await box.getAttribute('value'))) {
      await page.keyboard.press('Space');
      await expect(box).toBeChecked();
    }
  }
  if (radioCount + boxCount > 0) await page.keyboard.press('Tab');
  await expect(dateButton(page)).toBeFocused();
}

/**
 * The rest of the form from the chosen service, by keyboard only: the job and on to the date
 * (chooseJobByKeyboard: the ordinary car and no add-ons unless `job` says), open the picker,
 * the day `weeks` weeks after the first bookable day; Tab to the time (enabled once the day's slots
 * have loaded), the `option`-th time offered (0 = the first); the customer fields with the given
 * e-mail address (typeCustomerByKeyboard); Tab over the robot check to "Book tid". Waits for
 * every focus move.
 */
export async function completeFormByKeyboard(
  page: Page,
  {
    weeks,
    option = 0,
    email,
    job = {},
  }: {
    weeks: number;
    option?: number;
    email: string;
    job?: { size?: string; addons?: readonly string[] };
  },
) {
  await chooseJobByKeyboard(page, job);
  await page.keyboard.press('Enter');
  await expect(calendarGrid(page)).toBeVisible();
  await walkCalendarWeeks(page, weeks);
  await page.keyboard.press('Enter');
  await expect(calendar(page)).toBeHidden();
  await expect(dateButton(page)).toBeFocused();
  await expect(dateButton(page)).not.toHaveText('Vælg en dato');

  await expect(timeSelect(page)).toBeEnabled();
  await page.keyboard.press('Tab');
  await expect(timeSelect(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('option').first()).toBeFocused();
  for (let i = 1; i <= option; i += 1) {
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('option').nth(i)).toBeFocused();
  }
  // wait for the list to close and give the focus back before the next Tab (a Tab sent before
  // that started from the list: the flake seen under load)
  await pickFocusedOption(page, timeSelect(page));
  await expect(timeSelect(page)).toHaveText(/^\d{2}:\d{2}$/);

  await typeCustomerByKeyboard(page, email);
  // the robot check (its checkbox and status line) comes before the button
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: /tjek/i })).toBeFocused({ timeout: 30_000 });
  await page.keyboard.press('Tab');
  await expect(submitButton(page)).toBeFocused();
}

/**
 * From the time field, Tabs through the customer fields and types into each once it has the focus:
 * name, phone, the given e-mail address and a note; the optional "Send mig SMS" and car plate are
 * passed over (focused in their turn, left as they are); the focus ends on the note.
 */
async function typeCustomerByKeyboard(page: Page, email: string) {
  for (const [label, text] of [
    ['Navn', 'Keld Tastatur'],
    ['Telefon', '87654321'],
    ['Send mig SMS', null],
    ['Email', email],
    ['Nummerplade (valgfrit)', null],
    ['Bemærkninger (valgfrit)', 'Kun tastatur'],
  ] as const) {
    // the booking form's own fields (the message form on /contact has a Navn and a Telefon too)
    const field = page.locator('#form').getByLabel(label);
    await page.keyboard.press('Tab');
    await expect(field).toBeFocused();
    if (text === null) continue;
    await page.keyboard.type(text);
    await expect(field).toHaveValue(text);
  }
}

/**
 * Opens the form's date picker and picks the index-th bookable day (0 = the first; -1 = the last
 * in the window, -2 the one before), paging months as needed; returns its yyyy-MM-dd.
 */
export async function chooseBookableDay(page: Page, index: number): Promise<string> {
  await dateButton(page).click();
  const dialog = calendar(page);
  // react-day-picker arrives on its own, after the popover may open
  await expect(dialog.getByRole('grid')).toBeVisible();
  const days = dialog.locator(
    'td[data-day]:not([data-outside]):not([data-disabled]) button:enabled',
  );
  const pick = async (day: Locator) => {
    const iso = (await day.locator('xpath=..').getAttribute('data-day')) ?? '';
    await day.click();
    await expect(dialog).toBeHidden();
    return iso;
  };
  if (index < 0) {
    // to the window's last month: the one whose "next" is disabled
    const next = dialog.getByRole('button', { name: 'Gå til næste måned' });
    for (let month = 0; month < 4 && (await next.isEnabled()); month += 1) await next.click();
    let skipped = 0;
    for (let month = 0; month < 4; month += 1) {
      const count = await days.count();
      if (skipped + count >= -index) return pick(days.nth(count - (-index - skipped)));
      skipped += count;
      await dialog.getByRole('button', { name: 'Gå til forrige måned' }).click();
    }
    throw new Error(`fewer than ${-index} bookable days in the window`);
  }
  let skipped = 0;
  for (let month = 0; month < 4; month += 1) {
    const count = await days.count();
    if (skipped + count > index) return pick(days.nth(index - skipped));
    skipped += count;
    await dialog.getByRole('button', { name: 'Gå til næste måned' }).click();
  }
  throw new Error(`fewer than ${index + 1} bookable days in the window`);
}

/**
 * In the open date picker, moves the keyboard focus `weeks` weeks down from the focused day
 * (ArrowDown once a week), waiting for each move as a person would.
 */
export async function walkCalendarWeeks(page: Page, weeks: number): Promise<void> {
  const focusedDay = () =>
    page.evaluate(() => document.activeElement?.closest('td')?.getAttribute('data-day') ?? null);
  await expect.poll(focusedDay).not.toBeNull();
  for (let i = 0; i < weeks; i += 1) {
    const from = await focusedDay();
    await page.keyboard.press('ArrowDown');
    await expect.poll(focusedDay).not.toBe(from);
  }
}

/** Runs the e-mail sender now (the stack also runs it every few seconds) and returns every mail. */
export async function mailbox(): Promise<Captured[]> {
  const run = await fetch(`${GATEWAY}/functions/v1/process-email-outbox`, {
    method: 'POST',
    headers: keyHeaders(SECRET_KEY),
  });
  expect(run.status).toBe(200);
  return (await (await fetch(`${MAILBOX}/api/messages`)).json()) as Captured[];
}

/** Runs the e-mail sender now and returns the mails to `to`. */
export async function mailsTo(to: string): Promise<Captured[]> {
  return (await mailbox()).filter((m) => m.to.includes(to));
}

/** Runs the sender until a mail to `to` whose subject starts with `subject` is there; returns it. */
export async function waitForMail(to: string, subject: string): Promise<Captured> {
  let found: Captured | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(to)).find((m) => m.subject.startsWith(subject));
        return Boolean(found);
      },
      { message: `an e-mail "${subject}…" to ${to}` },
    )
    .toBe(true);
  return found!;
}
