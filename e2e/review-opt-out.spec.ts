import { createHash, randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { keyHeaders, SECRET_KEY } from '../local/keys';
import { expectNoAxeViolations } from './support/axe';
import { GATEWAY } from './support/booking';

/**
 * The page behind a review request's "Nej tak til den slags beskeder" link (/nej-tak), on a phone,
 * on the production build and the embedded stack: one tap on the link records the refusal (the
 * page POSTs to review-opt-out), a cut or unknown link says so in Danish with the phone, and the
 * token leaves the address bar. Every state without axe violations in both themes. The request's
 * row is set up through /rest/v1 with the service key, as the owner's dashboard would hold it.
 */

test.use({ viewport: { width: 412, height: 839 }, isMobile: true, hasTouch: true });

const REST = `${GATEWAY}/rest/v1`;
const headers = { ...keyHeaders(SECRET_KEY), 'Content-Type': 'application/json' };

function dayMonthYear(offset: number): string {
  const at = new Date(Date.now() + offset * 86_400_000);
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Copenhagen' }).format(at);
  const [y, m, d] = day.split('-');
  return `${d}-${m}-${y}`;
}

/** A phone booking (owner_bookings) on an open day far ahead, and a review request's token for it. */
async function requestToken(email: string): Promise<string> {
  let reference: string | null = null;
  for (let offset = 30; offset < 60 && !reference; offset += 1) {
    const res = await fetch(`${REST}/owner_bookings`, {
      method: 'POST',
      headers: { ...headers, Prefer: 'return=representation' },
      body: JSON.stringify({
        package: 'Guldpakken',
        drop_off_local: `${dayMonthYear(offset)} 10:00`,
        customer_name: 'Bo Nielsen',
        customer_phone: '21 34 56 78',
        customer_email: email,
      }),
    });
    if (res.status === 201)
      reference = ((await res.json()) as { reference: string }[])[0]!.reference;
  }
  expect(reference, 'an open day for the booking').not.toBeNull();
  const [booking] = (await (
    await fetch(`${REST}/bookings?select=id&reference=eq.${reference}`, { headers })
  ).json()) as { id: string }[];
  const token = randomBytes(32).toString('hex');
  const res = await fetch(`${REST}/review_requests`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      booking_id: booking!.id,
      opt_out_token_hash: createHash('sha256').update(token).digest('hex'),
    }),
  });
  expect(res.status).toBe(201);
  return token;
}

async function useTheme(page: Page, theme: 'dark' | 'light') {
  await page.goto('/');
  await page.evaluate((value) => localStorage.setItem('theme', value), theme);
}

for (const theme of ['dark', 'light'] as const) {
  test(`"Nej tak" is recorded with one tap, and wrong links are answered in Danish (${theme})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await useTheme(page, theme);
    const email = `e2e-nej-tak-${theme}-${Date.now()}@example.dk`;
    const token = await requestToken(email);

    await page.goto(`/nej-tak?token=${token}`);
    await expect(page.locator('html')).toHaveClass(new RegExp(`\\b${theme}\\b`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Nej tak til anmodninger om anmeldelse',
    );
    const done = page.getByRole('status').filter({ hasText: 'Det er noteret' });
    await expect(done).toContainText('Tak. Vi sender dig ikke flere anmodninger om anmeldelser.');
    await expect(page).toHaveURL(/\/nej-tak$/);
    const recorded = (await (
      await fetch(`${REST}/review_opt_outs?select=email&email=eq.${email}`, { headers })
    ).json()) as unknown[];
    expect(recorded).toHaveLength(1);
    await expectNoAxeViolations(page, `nej tak recorded (${theme})`);

    // a link no request has: the function's Danish words, and the phone
    await page.goto(`/nej-tak?token=${'0'.repeat(64)}`);
    const unknown = page.getByRole('alert');
    await expect(unknown).toContainText('Vi kan ikke finde den e-mail, linket kommer fra.');
    await expect(unknown.getByRole('link', { name: /\+45 12 34 56 78/ })).toBeVisible();
    await expectNoAxeViolations(page, `nej tak unknown link (${theme})`);

    // a cut link: said at once, nothing is asked
    await page.goto('/nej-tak?token=abc');
    await expect(page.getByRole('alert')).toContainText('Linket er ugyldigt.');
    await expectNoAxeViolations(page, `nej tak cut link (${theme})`);

    await fetch(`${REST}/review_opt_outs?email=eq.${email}`, { method: 'DELETE', headers });
  });
}
