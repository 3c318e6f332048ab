// The Chromium the e2e tests (playwright.config.ts) and the web bench (bench/web.ts) drive, and the
// flags both start it with.
import { existsSync } from 'node:fs';

/** CHROMIUM_PATH, else Debian's Chromium; undefined: Playwright's own (`npx playwright install`). */
export function resolveChromium(): string | undefined {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => path && existsSync(path));
}

/** A quiet Chromium on a shared machine as root: no sandbox, no GPU, nothing in the background. */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
