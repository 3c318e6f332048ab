import type { Page } from '@playwright/test';

/**
 * Scrolls down the whole page in steps, as a reader does, so that everything loaded on sight
 * (lazy pictures, entrance animations, click-to-load previews) comes, then ends at the bottom and
 * waits until the network is quiet.
 */
export async function scrollThroughPage(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 500) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    window.scrollTo(0, document.body.scrollHeight);
  });
  await page.waitForLoadState('networkidle');
}
