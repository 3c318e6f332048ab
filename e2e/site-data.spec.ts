import { expect, test } from '@playwright/test';
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { createStaticServer } from '../local/cli/static';
import { keyHeaders, PUBLISHABLE_KEY, SECRET_KEY } from '../local/keys';
import { chooseDayAndTime, GATEWAY, mailsTo } from './support/booking';
import { MESSAGES } from '../supabase/functions/_shared/messages';
import { solvedAltcha } from '../supabase/tests/helpers/challenge';

/**
 * The owner changes Guldpakken's price and switches Premiumpakken
 * polering off through the service role (as the dashboard does); a rebuild of the site against the
 * same Supabase shows the new price in the /services HTML, the JSON-LD, the booking form's summary
 * and the confirmation e-mail, and the package that is switched off is gone from the pages and the
 * form and cannot be booked. The rebuild goes to its own folder (build-site-data/), served like a
 * static host, so the other specs keep the usual build.
 */

const ROOT = path.resolve(import.meta.dirname, '..');
const BUILD_DIR = path.join(ROOT, 'build-site-data');
const PREMIUM_POLISH_ID = '5a1f0001-0000-4000-8000-000000000006';

async function patchService(slug: string, body: Record<string, unknown>) {
  const response = await fetch(`${GATEWAY}/rest/v1/services?slug=eq.${slug}`, {
    method: 'PATCH',
    headers: { ...keyHeaders(SECRET_KEY), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.text()).toBe(204);
}

function rebuild(): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('npm', ['run', 'build:local'], {
      cwd: ROOT,
      env: {
        ...process.env,
        BUILD_DIR,
        VITE_SUPABASE_URL: GATEWAY,
        VITE_SUPABASE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    child.stdout.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve(log) : reject(new Error(`build failed (${code}):\n${log.slice(-2000)}`)),
    );
  });
}

test('a price changed and a package switched off in the database reach the rebuilt site, the form and the e-mail', async ({
  page,
}) => {
  test.setTimeout(480_000);
  await patchService('vask-guld', { price: 449 });
  await patchService('polering-premium', { is_active: false });
  const server = createStaticServer({
    root: path.join(BUILD_DIR, 'client'),
    supabaseUrls: [GATEWAY],
  });
  try {
    const log = await rebuild();
    expect(log).toContain('build: 5 active packages and the opening hours');
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

    // the prerendered /services: the new price on Guldpakken's card, no Premiumpakken polering
    const html = await (await fetch(`${site}/services`)).text();
    const guld = /<h3[^>]*>Guldpakken<\/h3>/.exec(html);
    expect(guld, 'Guldpakken card').not.toBeNull();
    // from the ordinary car's price (a bigger car costs more: the size prices below the cards)
    expect(html).toContain('fra 449 kr.');
    expect(html).not.toContain('fra 399 kr.');
    expect(html).not.toContain('Premiumpakken polering');

    // the JSON-LD of /
    await page.goto(`${site}/`);
    const ld = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent()) ?? '{}',
    ) as {
      priceRange: string;
      hasOfferCatalog: {
        itemListElement: { lowPrice?: string; price?: string; itemOffered: { name: string } }[];
      };
    };
    const offers = ld.hasOfferCatalog.itemListElement;
    // Guldpakken's range over the car sizes starts at the new price
    expect(offers.find((o) => o.itemOffered.name === 'Guldpakken')?.lowPrice).toBe('449');
    expect(offers.map((o) => o.itemOffered.name)).not.toContain('Premiumpakken polering');
    // the cheapest package to the dearest offered one for a van (Guldpakken polering)
    expect(ld.priceRange).toBe('199 kr. - 3.400 kr.');

    // the form: Premiumpakken polering is not offered; the summary and the e-mail say 449 kr.
    await page.goto(`${site}/contact?service=Guldpakken#form`);
    const service = page.getByRole('combobox', { name: 'Service' });
    await expect(service).toContainText('Guldpakken');
    await service.click();
    await expect(page.getByRole('option', { name: 'Guldpakken polering' })).toBeVisible();
    await expect(page.getByRole('option', { name: 'Premiumpakken polering' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    // a day with a free time from the 14th bookable day on: which days earlier journeys filled
    // depends on the weekday the window starts on
    await chooseDayAndTime(page, 14);
    const summary = page.getByRole('region', { name: 'Oversigt' });
    await expect(summary).toContainText('449 kr.');
    const email = `e2e-price-${Date.now()}@example.dk`;
    await page.locator('#form').getByLabel('Navn').fill('Pia Prisen');
    await page.locator('#form').getByLabel('Telefon').fill('+45 22 33 44 55');
    await page.getByLabel('Email').fill(email);
    await page.locator('#form').getByRole('button', { name: 'Book tid' }).click();
    await expect(page.getByRole('region', { name: 'Din booking er bekræftet' })).toBeVisible();
    await expect
      .poll(
        async () => {
          return (await mailsTo(email))[0]?.text ?? '';
        },
        { timeout: 20_000 },
      )
      .toContain('449 kr.');

    // the package switched off cannot be booked, whatever a client sends
    const refused = await fetch(`${GATEWAY}/functions/v1/create-booking`, {
      method: 'POST',
      headers: { ...keyHeaders(PUBLISHABLE_KEY), 'Content-Type': 'application/json' },
      body: JSON.stringify({
        serviceId: PREMIUM_POLISH_ID,
        customerName: 'Pia Prisen',
        customerEmail: email,
        customerPhone: '+45 22 33 44 55',
        bookingDate: '2030-01-07',
        bookingTime: '09:00',
        // with a solved proof of work, so that the package itself is what is refused
        altcha: await solvedAltcha(GATEWAY),
      }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: MESSAGES.service });
  } finally {
    await patchService('vask-guld', { price: 399 });
    await patchService('polering-premium', { is_active: true });
    await new Promise<void>((resolve) => server.close(() => resolve()));
    rmSync(BUILD_DIR, { recursive: true, force: true });
  }
});
