import { chromiumPath } from '../../playwright.config';
import { chromium } from '@playwright/test';
import { existsSync } from 'node:fs';

/** Fails early, with the fix, when no Chromium can be found. */
export default async function globalSetup() {
  if (chromiumPath) return;
  const ownBrowser = chromium.executablePath();
  if (ownBrowser && existsSync(ownBrowser)) return;
  throw new Error(
    'No Chromium found for the end-to-end tests. Install one: `apt-get install -y chromium` (Debian), ' +
      'or set CHROMIUM_PATH to a Chromium/Chrome binary, or run `npx playwright install chromium`.',
  );
}
