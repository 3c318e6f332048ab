import { expect, type Browser, type Page } from '@playwright/test';
import { gotoHydrated } from './hydration';

/** The first <h1> of an HTML string, tags dropped. */
export function firstHeading(html: string) {
  return /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1]?.replace(/<[^>]+>/g, '');
}

/**
 * What the page's <main> says (as rendered, white space folded) and where its links go. Native
 * selects are left out: the ones there are the hidden stand-ins of the form's lists (for the form
 * data), which never show and whose options follow the form's state once it runs.
 */
function mainContent(page: Page) {
  return page.locator('main').evaluate((main: HTMLElement) => {
    for (const select of main.querySelectorAll('select')) select.style.display = 'none';
    return {
      text: main.innerText.replace(/\s+/g, ' ').trim(),
      links: [...main.querySelectorAll('a')].map((a) => a.getAttribute('href')),
    };
  });
}

/**
 * Expects the prerendered page as first painted, before any bundle runs (the app's scripts are
 * blocked; the inline ones that reveal streamed parts of the HTML still run), to say and link exactly
 * what the same page says once React has hydrated it: the whole page is in the prerendered HTML and
 * nothing is added or changed on the client. The words themselves are pinned by the page tests (jsdom).
 */
export async function expectPrerenderedAsHydrated(browser: Browser, page: Page, path: string) {
  const unhydrated = await browser.newContext();
  try {
    const raw = await unhydrated.newPage();
    await raw.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await raw.goto(path);
    await raw.waitForLoadState('load');
    // React reveals the streamed parts (the form) from inline scripts, throttled by a timer
    await raw.waitForFunction(() => !document.querySelector('[hidden][id^="S:"]'));
    const prerendered = await mainContent(raw);
    await gotoHydrated(page, path);
    const hydrated = await mainContent(page);
    expect(prerendered.text.length, 'prerendered text').toBeGreaterThan(300);
    expect(prerendered.text).toBe(hydrated.text);
    expect(prerendered.links).toEqual(hydrated.links);
  } finally {
    await unhydrated.close();
  }
}
