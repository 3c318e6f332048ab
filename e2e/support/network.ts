import type { Page } from '@playwright/test';

/**
 * Holds back every request whose URL matches until the returned function is called (a slow
 * network at one exact moment: a chunk or an answer that arrives only after the visitor's press).
 */
export async function holdRequests(page: Page, url: RegExp): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}
