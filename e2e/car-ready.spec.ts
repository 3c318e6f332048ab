import { expect, test } from '@playwright/test';
import { keyHeaders, SECRET_KEY } from '../local/keys';
import { chooseDayAndTime, mailbox, type Captured } from './support/booking';
import { danish, edit, OPEN_DATES, openForTheCar, setting } from './support/owner-day';

/**
 * "Din bil er klar" on the production build and the embedded stack: a booking made online with a
 * plate and "Send mig SMS", the owner's edits through /rest/v1 with the service key on
 * owner_bookings (as the dashboard's Table Editor sends them), and the customer's "klar" SMS and
 * e-mail in the local mailbox. A car can be marked klar from the day before its drop-off, so the
 * owner first moves the booking to today, which he opens all day for it: the test holds on any day
 * and at any hour. Books bookable day 16 of Guldpakken; the other specs use earlier days.
 */

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
  await page.locator('#form').getByLabel('Navn').fill('Mads Klar');
  await page.locator('#form').getByLabel('Telefon').fill(local);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nummerplade (valgfrit)').fill('ef 12 345');
  await page.getByRole('checkbox', { name: 'Send mig SMS' }).check();
  await page.locator('#form').getByRole('button', { name: 'Book tid' }).click();
  const reference = (await page
    .getByRole('region', { name: 'Din booking er bekræftet' })
    .getByTestId('booking-reference')
    .textContent())!;
  expect(reference).toMatch(/^[A-Z0-9]{8}$/);

  // the owner takes the car in now (see openForTheCar), in the Danish form
  const at = await openForTheCar(new Date());
  const move = await edit(reference, { drop_off_local: danish(at.day, at.minutes) });
  expect(move.status, JSON.stringify(move.body)).toBe(200);

  // the customer is told at once (the owner's undo window, owner_message_delay_minutes, is 0 for
  // this journey; supabase/tests/owner-undo-window.test.ts holds the wait)
  expect((await setting('owner_message_delay_minutes', '0')).status).toBe(200);

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

  // the car is picked up and the extra day closed again, so the journeys after this one see the
  // calendar as it was
  expect((await edit(reference, { status: 'afhentet' })).status).toBe(200);
  expect((await setting('owner_message_delay_minutes', '3')).status).toBe(200);
  const closed = await fetch(`${OPEN_DATES}?day=eq.${at.day}`, {
    method: 'DELETE',
    headers: keyHeaders(SECRET_KEY),
  });
  expect(closed.status).toBeLessThan(300);
});
