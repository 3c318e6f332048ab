import { expect, type Page } from '@playwright/test';
import { SERVICE_ROLE_KEY } from '../../local/keys';

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

/**
 * Opens the form's date picker and picks the index-th bookable day (0 = the first), paging months
 * as needed; returns its yyyy-MM-dd.
 */
export async function chooseBookableDay(page: Page, index: number): Promise<string> {
  await page.getByRole('button', { name: /^Dato/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Vælg dato' });
  // react-day-picker arrives on its own, after the popover may open
  await expect(dialog.getByRole('grid')).toBeVisible();
  let skipped = 0;
  for (let month = 0; month < 4; month += 1) {
    const days = dialog.locator(
      'td[data-day]:not([data-outside]):not([data-disabled]) button:enabled',
    );
    const count = await days.count();
    if (skipped + count > index) {
      const day = days.nth(index - skipped);
      const iso = (await day.locator('xpath=..').getAttribute('data-day')) ?? '';
      await day.click();
      await expect(dialog).toBeHidden();
      return iso;
    }
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
    headers: { Authorization: `Bearer ${SERVICE_ROLE_KEY}` },
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
