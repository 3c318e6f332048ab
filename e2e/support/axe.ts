import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Asserts that axe finds no WCAG 2.x A/AA violation (nor best-practice one) on the page as it is now. */
export async function expectNoAxeViolations(page: Page, context?: string) {
  // what is still fading in (a toast entering) has a blended colour for a moment: measure the page
  // as it settles. Reduced motion ends the toasts' transitions at once (sonner drops them then);
  // what still moves is waited for, but for endless animations such as a spinner
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`,
  );
  expect(summary, `axe violations${context ? ` (${context})` : ''}`).toEqual([]);
}
