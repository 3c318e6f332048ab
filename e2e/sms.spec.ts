import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { type Captured, chooseDayAndTime, mailbox, MAILBOX } from './support/booking';

/**
 * A booking with a car plate and "Send mig SMS" on the production build: the customer's e-mail and
 * SMS (through the GatewayAPI-shaped local mailbox) and the owner's e-mail with the plate as it is
 * printed. Uses bookable day 15 (Guldpakken) so the other specs' days stay free.
 */

const OWNER = 'ejer@glanspunkt.local';

test('a booking with a plate and "Send mig SMS" puts the SMS and the e-mails in the local mailbox', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const stamp = Date.now();
  const email = `e2e-sms-${stamp}@example.dk`;
  // a Danish mobile number of its own per run, so the daily cap of 3 SMS is never reached
  const local = `5${String(stamp).slice(-7)}`;
  const e164 = `+45${local}`;
  await page.goto('/contact#form');
  const service = page.getByRole('combobox', { name: 'Service' });
  await expect(service).toBeEnabled();
  await service.click();
  await page.getByRole('option', { name: 'Guldpakken', exact: true }).click();
  // a day with a free time (a full day can be chosen too: it offers the next free time instead)
  await chooseDayAndTime(page, 15);
  await page.locator('#form').getByLabel('Navn').fill('Karen Bøgh');
  await page
    .locator('#form')
    .getByLabel('Telefon')
    .fill(local.replace(/(\d\d)(?=\d)/g, '$1 '));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Nummerplade (valgfrit)').fill('cd-98765');
  const sms = page.getByRole('checkbox', { name: 'Send mig SMS' });
  await expect(sms).not.toBeChecked();
  await sms.check();
  await expect(sms).toBeChecked();
  // the new fields, filled in, have no accessibility violation
  await expectNoAxeViolations(page, 'booking form with plate and SMS');

  await page.locator('#form').getByRole('button', { name: 'Book tid' }).click();
  const reference = await page
    .getByRole('region', { name: 'Din booking er bekræftet' })
    .getByTestId('booking-reference')
    .textContent();
  expect(reference).toMatch(/^[A-Z0-9]{8}$/);

  let text: Captured | undefined;
  let customer: Captured | undefined;
  let owner: Captured | undefined;
  await expect
    .poll(async () => {
      const all = await mailbox();
      text = all.find((m) => m.to.includes(e164));
      customer = all.find((m) => m.to.includes(email));
      owner = all.find((m) => m.to.includes(OWNER) && m.text.includes(reference!));
      return Boolean(text && customer && owner);
    })
    .toBe(true);

  expect(text!.text).toContain(reference!);
  expect(text!.text).toContain('Guldpakken');
  expect(text!.text).not.toMatch(/https?:/);
  // the Danish plate as it is printed, whatever was typed
  expect(owner!.text).toContain('CD 98 765');

  // the mailbox page lists the SMS beside the e-mails and opens it
  // (by its own address: another journey's SMS for the same package and day reads the same)
  await page.goto(`${MAILBOX}/`);
  const link = page
    .getByRole('link', { name: text!.subject })
    .and(page.locator(`[href="/messages/${text!.id}"]`));
  await expect(link).toBeVisible();
  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`SMS to ${e164}`);
  await expect(page.getByText(reference!)).toBeVisible();
});
