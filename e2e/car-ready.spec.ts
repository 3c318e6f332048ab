import { expect, test } from '@playwright/test';
import { keyHeaders, SECRET_KEY } from '../local/keys';
import { chooseDayAndTime, GATEWAY, mailbox, type Captured } from './support/booking';

/**
 * "Din bil er klar" on the production build and the embedded stack: a booking made online with a
 * plate and "Send mig SMS", the owner's edits through /rest/v1 with the service key on
 * owner_bookings (as the dashboard's Table Editor sends them), and the customer's "klar" SMS and
 * e-mail in the local mailbox. A car can be marked klar from the day before its drop-off, so the
 * owner first moves the booking to today (online booking starts tomorrow, so today is free) or,
 * late in the day, tomorrow. Books bookable day 16 of Guldpakken; the other specs use earlier days.
 */

const REST = `${GATEWAY}/rest/v1/owner_bookings`;

/** The owner's edit of one owner_bookings row, as the Table Editor sends it. */
async function edit(reference: string, change: Record<string, string>) {
  const res = await fetch(`${REST}?reference=eq.${reference}`, {
    method: 'PATCH',
    headers: {
      ...keyHeaders(SECRET_KEY),
      'Content-Type': 'application/json',
      Prefer: 'return=representation',
    },
    body: JSON.stringify(change),
  });
  return { status: res.status, body: (await res.json()) as unknown };
}

/** A Copenhagen date and time the way the owner types it: 05-01-2027 10:00. */
function danish(day: Date, time: string): string {
  const [y, m, d] = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' })
    .format(day)
    .split('-');
  return `${d}-${m}-${y} ${time}`;
}

test('the owner sets klar through /rest/v1: the customer gets the "klar" SMS and e-mail', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const stamp = Date.now();
  const email = `e2e-klar-${stamp}@example.dk`;
  // a Danish mobile number of its own per run: confirmation, move and "klar" are 3 SMS, the cap
  const local = `6${String(stamp).slice(-7)}`;
  const e164 = `+45${local}`;

  await page.goto('/contact#form');
  const service = page.getByRole('combobox', { name: 'Service' });
  await expect(service).toBeEnabled();
  await service.click();
  await page.getByRole('option', { name: 'Guldpakken', exact: true }).click();
  // a day with a free time (a full day offers the next free time instead)
  await chooseDayAndTime(page, 16);
  await page.getByLabel('Navn').fill('Mads Klar');
  await page.getByLabel('Telefon').fill(local);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nummerplade (valgfrit)').fill('ef 12 345');
  await page.getByRole('checkbox', { name: 'Send mig SMS' }).check();
  await page.locator('#form').getByRole('button', { name: 'Book tid' }).click();
  const reference = (await page
    .getByRole('region', { name: 'Din booking er bekræftet' })
    .getByTestId('booking-reference')
    .textContent())!;
  expect(reference).toMatch(/^[A-Z0-9]{8}$/);

  // the owner moves it to the first free time today (or tomorrow), in the Danish form
  const now = Date.now();
  let moved: string | undefined;
  const refusals: string[] = [];
  for (const offset of [0, 1]) {
    const day = new Date(now + offset * 86_400_000);
    for (let hour = 7; hour <= 18 && !moved; hour += 1) {
      const typed = danish(day, `${String(hour).padStart(2, '0')}:00`);
      const r = await edit(reference, { drop_off_local: typed });
      if (r.status === 200) moved = typed;
      else refusals.push(`${typed}: ${JSON.stringify(r.body)}`);
    }
    if (moved) break;
  }
  expect(moved, refusals.join('\n')).toBeDefined();

  // the Danish choice list: klar
  const ready = await edit(reference, { status: 'klar' });
  expect(ready.status, JSON.stringify(ready.body)).toBe(200);
  expect(ready.body).toEqual([
    expect.objectContaining({ reference, status: 'klar', car_plate: 'EF 12 345' }),
  ]);
  // a status not on the car's path is refused in Danish, saying what to do
  const back = await edit(reference, { status: 'aflyst' });
  expect(back.status).toBeGreaterThanOrEqual(400);
  expect(back.status).toBeLessThan(500);
  expect(JSON.stringify(back.body)).toContain('er klar og kan ikke sættes til aflyst');

  let sms: Captured | undefined;
  let mail: Captured | undefined;
  await expect
    .poll(
      async () => {
        const all = await mailbox();
        sms = all.find((m) => m.to.includes(e164) && m.text.includes('Din bil er klar'));
        mail = all.find(
          (m) => m.to.includes(email) && m.subject.startsWith('Din bil er klar til afhentning'),
        );
        return Boolean(sms && mail);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  expect(sms!.text).toContain(reference);
  expect(sms!.text).not.toMatch(/https?:|Mads/);
  expect(mail!.subject).toBe(`Din bil er klar til afhentning (${reference})`);
  expect(mail!.text).toContain('Du kan hente bilen');
  // exactly one of each, whatever the sender's runs
  const all = await mailbox();
  expect(all.filter((m) => m.to.includes(e164) && m.text.includes('Din bil er klar'))).toHaveLength(
    1,
  );
  expect(
    all.filter((m) => m.to.includes(email) && m.subject.startsWith('Din bil er klar')),
  ).toHaveLength(1);
});
