import { expect, test, type Page } from '@playwright/test';
import { keyHeaders, SECRET_KEY } from '../local/keys';
import { layoutText } from '../src/content/navigation';
import { expectNoAxeViolations } from './support/axe';
import { gotoHydrated } from './support/hydration';
import { chooseBookableDay, mailbox, MAILBOX, timeSelect, type Captured } from './support/booking';
import { danish, edit, OPEN_DATES, openForTheCar, REST, setting } from './support/owner-day';

/**
 * The owner's day on /ejer, on a phone, against the production build and the embedded stack with
 * the legacy keys off: he signs in with the code from the mailbox, marks a car klar, undoes it
 * inside the window (the customer hears nothing), marks it klar again (one message), books a
 * customer who rings, and signs out. The car is booked for today, which the owner opens all day
 * for it (openForTheCar), so the journey holds on any day at any hour. The owner's undo window
 * (owner_message_delay_minutes) is 1 minute here, so the one message arrives within the test.
 */

const OWNER = 'ejer@glanspunkt.local';

test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function codeFor(email: string, after: number): Promise<string> {
  let code = '';
  await expect
    .poll(async () => {
      const all = (await (await fetch(`${MAILBOX}/api/messages`)).json()) as Captured[];
      const mail = all
        .filter((m) => m.to.includes(email))
        .slice(after)
        .at(-1);
      code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1] ?? '';
      return code;
    })
    .toMatch(/^\d{6}$/);
  return code;
}

async function signIn(page: Page) {
  const before = ((await (await fetch(`${MAILBOX}/api/messages`)).json()) as Captured[]).filter(
    (m) => m.to.includes(OWNER),
  ).length;
  await page.goto('/ejer');
  await page.getByLabel('E-mailadresse').fill(OWNER);
  await page.getByRole('button', { name: 'Send kode' }).click();
  await page.getByLabel('Kode fra mailen').fill(await codeFor(OWNER, before));
  await page.getByRole('button', { name: 'Log ind' }).click();
  await expect(page.getByTestId('owner-signed-in')).toContainText('Logget ind som');
}

const carReadyMails = async (email: string) =>
  (await mailbox()).filter(
    (m) => m.to.includes(email) && m.subject.startsWith('Din bil er klar til afhentning'),
  );

test('the owner runs the day on /ejer: klar, undo, klar again, a phone booking, sign out', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const stamp = Date.now();
  const email = `e2e-ejer-${stamp}@example.dk`;
  const plate = `EJ ${String(stamp).slice(-5, -3)} ${String(stamp).slice(-3)}`;

  // a customer's car due today (booked by phone in the dashboard, with an e-mail address)
  const at = await openForTheCar(new Date());
  const booked = await fetch(REST, {
    method: 'POST',
    headers: {
      ...keyHeaders(SECRET_KEY),
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify({
      package: 'Sølvpakken',
      drop_off_local: danish(at.day, at.minutes),
      customer_name: 'Ida Ejer',
      customer_phone: `5${String(stamp).slice(-7)}`,
      customer_email: email,
      car_plate: plate,
    }),
  });
  expect(booked.status, await booked.clone().text()).toBe(201);
  expect((await setting('owner_message_delay_minutes', '1')).status).toBe(200);

  const reference = ((await booked.json()) as { reference: string }[])[0]!.reference;
  let phoned = '';
  try {
    await signIn(page);
    await expectNoAxeViolations(page);
    // the car's day may be tomorrow (a late hour): open the car's own day, which holds across
    // midnight too (a reload shows today again)
    const showCarDay = () => page.getByLabel('Vælg dag', { exact: true }).fill(at.day);
    await showCarDay();
    const car = page.getByTestId('owner-car').filter({ hasText: plate });
    await expect(car).toBeVisible();
    await expect(car.getByTestId('owner-car-status')).toHaveText('bekræftet');

    await car.getByRole('button', { name: 'Ankommet', exact: true }).click();
    await expect(car.getByTestId('owner-car-status')).toHaveText('ankommet');

    // klar asks first, because the customer is told
    await car.getByRole('button', { name: 'Klar', exact: true }).click();
    const confirm = page.getByRole('alertdialog').or(page.getByRole('dialog'));
    await expect(confirm).toContainText('Kunden får besked');
    await expectNoAxeViolations(page);
    await confirm.getByRole('button', { name: 'Ja, klar' }).click();
    await expect(car.getByTestId('owner-car-status')).toHaveText('klar');

    // undone inside the window: back to ankommet, and the waiting message is held back
    await car.getByRole('button', { name: 'Fortryd' }).click();
    await expect(car.getByTestId('owner-car-status')).toHaveText('ankommet');
    await expect(car).toContainText('ikke sendt');

    // klar again: one message, after the window
    await car.getByRole('button', { name: 'Klar', exact: true }).click();
    await confirm.getByRole('button', { name: 'Ja, klar' }).click();
    await expect(car.getByTestId('owner-car-status')).toHaveText('klar');
    await expect
      .poll(async () => (await carReadyMails(email)).length, {
        timeout: 100_000,
        intervals: [5_000],
      })
      .toBe(1);
    // a reload keeps him signed in, and the card says the message went out
    await page.reload();
    await showCarDay();
    await expect(car.getByTestId('owner-car-status')).toHaveText('klar');
    await expect(car).toContainText('sendt');

    // a customer rings: the site's own picker, on the owner's days (today included)
    await page.getByRole('button', { name: 'Ny telefonbooking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ny telefonbooking' });
    await dialog.getByLabel('Pakke').selectOption({ label: 'Sølvpakken' });
    await chooseBookableDay(page, 0);
    await timeSelect(page).click();
    // (the package list is a native select: its options are not the time list's)
    await page.getByRole('listbox').getByRole('option').first().click();
    await expect(timeSelect(page)).toHaveText(/^\d{2}:\d{2}$/);
    await dialog.getByLabel('Kundens navn').fill('Ringe Kunde');
    await dialog.getByLabel('Telefon').fill(`4${String(stamp).slice(-7)}`);
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: 'Book tiden' }).click();
    const toast = page.getByText(/^Booket: [A-Z0-9]{8}, /);
    await expect(toast).toBeVisible();
    phoned = /^Booket: ([A-Z0-9]{8}),/.exec((await toast.textContent()) ?? '')![1]!;
    const row = await fetch(`${REST}?select=customer_name&reference=eq.${phoned}`, {
      headers: keyHeaders(SECRET_KEY),
    });
    expect(await row.json()).toEqual([{ customer_name: 'Ringe Kunde' }]);

    await page.getByRole('button', { name: 'Log ud' }).click();
    await expect(page.getByLabel('E-mailadresse')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('E-mailadresse')).toBeVisible();
  } finally {
    // the calendar as it was for the journeys after this one: the car collected, the phone booking
    // cancelled, the extra day closed again, the window back to its default
    await edit(reference, { status: 'afhentet' });
    if (phoned) await edit(phoned, { status: 'aflyst' });
    expect((await setting('owner_message_delay_minutes', '3')).status).toBe(200);
    await fetch(`${OPEN_DATES}?day=eq.${at.day}&reason=eq.Bilen%20til%20klar-testen`, {
      method: 'DELETE',
      headers: keyHeaders(SECRET_KEY),
    });
  }
});

/**
 * /ejer is built apart from the public pages (src/content/site-pages.ts, routeBuild): its router
 * knows no other page, so each link of the site's header and footer loads the public page as a
 * document, which then runs as if it had been opened directly.
 */
test("the site's header and footer lead from /ejer to the public pages", async ({ page }) => {
  const hydrated = () =>
    page.waitForFunction(
      () => (window as { glanspunktHydrated?: boolean }).glanspunktHydrated === true,
    );
  // '' while a document is being replaced (the old one's context is gone): poll again
  const documentUrl = () =>
    page
      .evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceEntry).name)
      .catch(() => '');
  await gotoHydrated(page, '/ejer');
  await expect(page.getByRole('button', { name: 'Send kode' })).toBeVisible();

  await page.getByRole('contentinfo').getByRole('link', { name: 'Privatlivspolitik' }).click();
  await expect.poll(documentUrl).toMatch(/\/privatlivspolitik$/);
  await hydrated();
  await expect(page).toHaveURL(/\/privatlivspolitik$/);

  await page.goto('/ejer');
  await hydrated();
  await expect(page.getByRole('button', { name: 'Send kode' })).toBeVisible();
  await page.getByRole('banner').getByRole('link', { name: layoutText.homeLinkLabel }).click();
  await expect.poll(documentUrl).toMatch(/:\d+\/$/);
  await hydrated();
  // the public page's own router runs: a link there navigates in the page, without a document
  await page.getByRole('contentinfo').getByRole('link', { name: 'Handelsbetingelser' }).click();
  await expect(page).toHaveURL(/\/handelsbetingelser$/);
  expect(await documentUrl()).toMatch(/:\d+\/$/);
});
