import { devices } from '@playwright/test';

const { defaultBrowserType: _ignored, ...pixel7 } = devices['Pixel 7'];

/** A phone (Pixel 7 with touch), for a describe block of the desktop project: test.use(PHONE). */
export const PHONE = pixel7;

/** The two widths the accessibility checks of the desktop project run at: as it is, and a phone. */
export const WIDTHS = [
  { name: 'desktop', use: {} },
  { name: 'mobile', use: PHONE },
] as const;
