import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe';
import { mailbox, type Captured, uniqueEmail } from './support/booking';

/**
 * A visitor's quote request at a phone's width (mobile project): from "Få et uforpligtende tilbud"
 * on /services to the message form on /contact (#besked) with the quote preselected, a link in the
 * message refused at the field, then sent: the receipt on screen, the owner's e-mail in the local
 * mailbox with Reply-To the visitor, and the visitor's receipt. Every new state has no axe
 * violation in the dark and in the light theme.
 */

const OWNER = 'ejer@glanspunkt.local';

/** axe in the theme the page shows, then in the other one (the header's toggle keeps the state). */
async function axeInBothThemes(page: Page, state: string) {
  await expectNoAxeViolations(page, `${state}, dark`);
  await page.getByRole('button', { name: 'Skift til lyst tema' }).click();
  await expect(page.locator('html')).toHaveClass(/\blight\b/);
  await expectNoAxeViolations(page, `${state}, light`);
  await page.getByRole('button', { name: 'Skift til mørkt tema' }).click();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
}

test('a quote request from a phone reaches the owner with Reply-To the visitor, and the visitor a receipt', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('besked');
  const message = 'Hvad koster en polering af en mørkeblå VW Golf med ridser i bagklappen?';

  await page.goto('/services');
  await page.getByRole('link', { name: 'Få et uforpligtende tilbud' }).click();
  await expect(page).toHaveURL(/\/contact\?besked=tilbud#besked$/);
  const section = page.locator('#besked');
  await expect(section.getByRole('heading', { name: 'Skriv til os' })).toBeVisible();
  await expect(section.getByRole('radio', { name: 'Et uforpligtende tilbud' })).toBeChecked();

  await section.getByLabel('Navn').fill('Mette Jensen');
  await section.getByLabel('E-mail', { exact: true }).fill(email);
  await section.getByLabel(/^Bil/).fill('VW Golf 2015');
  const text = section.getByLabel('Besked', { exact: true });
  await text.fill('Se billederne på www.example.com og giv et tilbud');
  await section.getByRole('button', { name: 'Send besked' }).click();

  // refused at the field, before anything is sent
  await expect(text).toHaveAttribute('aria-invalid', 'true');
  await expect(text).toHaveAccessibleDescription(/må ikke indeholde links/);
  await expect(text).toBeFocused();
  await axeInBothThemes(page, 'the message form with a refused field');

  await text.fill(message);
  await section.getByRole('button', { name: 'Send besked' }).click();
  const receipt = section.getByRole('status').filter({ hasText: 'Tak for din besked' });
  await expect(receipt).toBeVisible({ timeout: 30_000 });
  await expect(receipt).toContainText('sendt en kvittering til din e-mail');
  await axeInBothThemes(page, 'the message sent');

  let owner: (Captured & { reply_to?: string }) | undefined;
  let visitor: Captured | undefined;
  await expect
    .poll(async () => {
      const all = await mailbox();
      owner = all.find((m) => m.to.includes(OWNER) && m.text.includes(email));
      visitor = all.find((m) => m.to.includes(email));
      return Boolean(owner && visitor);
    })
    .toBe(true);
  expect(owner!.subject).toBe('Ønske om uforpligtende tilbud fra hjemmesiden – Mette Jensen');
  expect(owner!.reply_to).toBe(email);
  expect(owner!.text).toContain(message);
  expect(owner!.text).toContain('VW Golf 2015');
  expect(visitor!.subject).toBe('Tak for din besked til Glanspunkt');
  expect(visitor!.text).toContain('inden for 24 timer på hverdage');
});
