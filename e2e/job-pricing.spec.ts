import { expect, test } from '@playwright/test';
import { keyHeaders, SECRET_KEY } from '../local/keys';
import { expectNoAxeViolations } from './support/axe';
import {
  chooseDayAndTime,
  fillCustomer,
  GATEWAY,
  openContact,
  serviceSelect,
  submitButton,
  timeSelect,
  uniqueEmail,
  waitForMail,
} from './support/booking';

/**
 * A big car's polish with an add-on, on a phone, on the production build and the embedded stack:
 * the visitor says what car he has and what he wants added, sees the whole job's price before he
 * chooses a time, and finds the same total in the confirmation, in his e-mail and on the owner's
 * agenda. The prices are the seed's (Sølvpakken polering: 2.200 kr. for a big car, Motorvask
 * 299 kr.).
 */

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const TOTAL = '2.499 kr.';

test('a big car’s polish with Motorvask: the price before the time, the same total everywhere', async ({
  page,
}) => {
  test.slow(); // a booking, its e-mail and the owner's table
  const email = uniqueEmail('suv');
  await openContact(page, 'Sølvpakken polering');
  await expect(serviceSelect(page)).toHaveText('Sølvpakken polering');

  const sizes = page.getByRole('group', { name: 'Bilens størrelse' });
  await sizes.getByRole('radio', { name: /^Stor bil/ }).tap();
  await page.getByRole('group', { name: 'Tilvalg (valgfrit)' }).getByText('Motorvask').tap();
  // the whole job's price, while no time is chosen yet
  await expect(page.getByTestId('job-quote')).toContainText(`${TOTAL} inkl. moms`);
  await expect(timeSelect(page)).toHaveText('Vælg først en dato');
  await expectNoAxeViolations(page, 'the size and the add-ons');

  await chooseDayAndTime(page, 3);
  const summary = page.getByRole('region', { name: 'Oversigt' });
  await expect(summary).toContainText('Stor bil (SUV, stationcar, 7-personers)');
  await expect(summary).toContainText('TilvalgMotorvask, 299 kr.');
  await expect(summary).toContainText(`I alt${TOTAL}`);

  await fillCustomer(page, email);
  await submitButton(page).tap();
  const confirmation = page.getByRole('region', { name: 'Din booking er bekræftet' });
  await expect(confirmation).toBeInViewport();
  await expect(confirmation.getByTestId('booking-total')).toHaveText(`${TOTAL} inkl. moms`);
  const reference = (await confirmation.getByTestId('booking-reference').textContent())!.trim();

  // the customer's e-mail: the size, the add-on and the same total
  const mail = await waitForMail(email, 'Bookingbekræftelse');
  expect(mail.text).toContain('Stor bil');
  expect(mail.text).toContain('Motorvask');
  expect(mail.text).toContain(TOTAL);

  // the owner's agenda (Studio's owner_agenda, as the Table Editor reads it)
  const agenda = await fetch(`${GATEWAY}/rest/v1/owner_agenda?reference=eq.${reference}&select=*`, {
    headers: keyHeaders(SECRET_KEY),
  });
  expect(agenda.status).toBe(200);
  const rows = (await agenda.json()) as Record<string, unknown>[];
  expect(rows.length).toBeGreaterThan(0);
  const row = JSON.stringify(rows[0]);
  expect(row).toContain('Stor bil');
  expect(row).toContain('Motorvask');
  expect(row).toMatch(/2\.?499/);
});
