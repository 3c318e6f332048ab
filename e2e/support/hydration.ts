import type { Page } from '@playwright/test';
import { HYDRATED_EVENT } from '../../src/lib/hydration';

/**
 * Opens a page and waits until React has hydrated it. Pages load their JavaScript after the first
 * paint (scripts/defer-hydration.ts): a link followed before that is a plain page load, without
 * React Router's navigation state; tests of that state start here.
 */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.addInitScript((event) => {
    addEventListener(event, () => {
      (window as { glanspunktHydrated?: boolean }).glanspunktHydrated = true;
    });
  }, HYDRATED_EVENT);
  await page.goto(path);
  await page.waitForFunction(
    () => (window as { glanspunktHydrated?: boolean }).glanspunktHydrated === true,
  );
}
