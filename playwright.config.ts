import { defineConfig, devices } from '@playwright/test';
import { CHROMIUM_FLAGS, resolveChromium } from './local/chromium';

/**
 * End-to-end journeys against the production build (`npm start`) on the embedded stack, with a
 * throwaway in-memory database so a developer's local data is never touched, and the legacy JWT
 * keys turned off as a hosted project will have them: the build carries the publishable key, the
 * tests and the e-mail sender use the secret key, and anything still on a legacy key fails.
 */
const PORT = Number(process.env.E2E_PORT ?? 4173);
const SUPABASE_PORT = Number(process.env.E2E_SUPABASE_PORT ?? 54329);
const externalBaseUrl = process.env.E2E_BASE_URL;

export const chromiumPath = resolveChromium();

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  forbidOnly: !!process.env.CI,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: externalBaseUrl ?? `http://127.0.0.1:${PORT}`,
    trace: 'on-first-retry',
    locale: 'da-DK',
    timezoneId: 'Europe/Copenhagen',
    launchOptions: { executablePath: chromiumPath, args: CHROMIUM_FLAGS },
  },
  projects: [
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined },
      // a phone's journey with a day of its own: run once, on the phone
      testIgnore: /waitlist\.spec\.ts/,
    },
    {
      name: 'mobile',
      use: { ...devices['Pixel 7'], channel: undefined },
      // Journeys run once (desktop); the mobile project runs the layout and accessibility specs,
      // and the journeys a phone is the point of (booking-fields: a typo answered at its field;
      // waitlist: "Skriv mig op" to a full day; question: a quote request sent from a phone)
      testMatch: /(layout|a11y|booking-fields|waitlist|question)\.spec\.ts/,
    },
  ],
  webServer: externalBaseUrl
    ? undefined
    : {
        command: 'npm start',
        url: `http://127.0.0.1:${PORT}/`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(PORT),
          SUPABASE_PORT: String(SUPABASE_PORT),
          LOCAL_DB: 'memory',
          SUPABASE_LEGACY_KEYS: 'off',
          // the journeys book many times from one address and one phone: lift the abuse caps; the
          // proof of work is solved in the browser's workers at a tenth of the default cost
          LOCAL_SETTINGS:
            'booking_challenge_cost=500,max_bookings_per_ip_per_day=100000,max_open_bookings_per_contact=100000,max_booking_emails_per_recipient_per_day=100000,max_new_bookings_per_hour=100000,rate_limit_per_ip_per_hour=100000',
        },
      },
});
