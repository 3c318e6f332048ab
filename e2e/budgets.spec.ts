/**
 * Byte budgets of the production build, read from build/ (no browser): they run in the e2e phase,
 * right after `npm run build`. Sizes are gzip level 9 of each file (what a static host sends);
 * KB = 1000 bytes. Definitions are in docs/performance.md.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { pageList } from '../src/content/site-pages';
import {
  allFiles,
  assertBuilt,
  firstLoadScripts,
  gzipSize,
  images,
  kb,
  latinFonts,
  rawSize,
  readHtml,
  shortName,
  stylesheets,
  htmlFileOf,
} from './support/build';

const KB = 1000;
/**
 * The targets (docs/performance.md): first-load JS of / at most 125 KB gzipped (React, React DOM
 * and React Router are 106.7 KB of it), of /contact at most 150 KB before the visitor touches the
 * form. / is at 124.7 KB (2026-11-23), down from 141.9 KB by icons from one SVG sprite, no
 * tailwind-merge, next-themes, Radix Slot or class-variance-authority, React Router's production
 * build and a smaller import() preload helper. /contact's 150 KB holds because the booking form's
 * code loads only when the form comes on screen or on the first interaction. 124.2 KB since
 * 2026-11-27: the terms page, the closing call-to-action's online booking, the price list's working
 * days and VAT note cost 0.4 KB, and more was taken out than that: each image's manifest entry is
 * its own module (a page carries the entries of the pictures it shows, not all 41: 0.7 KB less on
 * a page without pictures), each page's title and description is in its own content module, not
 * in the shell (0.2 KB), and the reviews section is left out while there are no reviews
 * (vite.config.ts: SITE_HAS_REVIEWS, and the sections' moduleSideEffects).
 */
const targets = { homeJs: 125 * KB };
/** Every prerendered page of the route table, the two behind the e-mail links included. */
const pages = pageList().map((p) => p.path);
/**
 * Every page's first-load JS (gzipped): a ceiling a little above the build of 2026-11-27 and never
 * above the build before the terms page (c221d2c, figures in docs/benchmarks.md), so that a page
 * that starts loading more says so (the figure is in the message). The pages behind the e-mail
 * links load the lookup's frame first and the code for its answer with import() in parallel with
 * the lookup (src/components/booking-link.tsx); /flyt loaded the booking form's date and time
 * fields at first (179.3 KB) until 2026-11-22. /contact: 127.3 KB until the early-press script's
 * text left the browser bundle (it is needed in the prerendered HTML only, 124.4 KB).
 */
const pageJs: Record<string, number> = {
  // 124.2 KB until 2026-11-29: the business's JSON-LD is written by the prerender only (123.4 KB);
  // 123.72 KB since the route table got /nej-tak (every page's manifest carries each route)
  '/': 123.8 * KB,
  // 124.2 KB until 2026-11-29: the size prices, the add-ons and the jobs besides cars load with
  // import() after hydration (src/pages/services/below-packages.tsx, 123.0 KB)
  '/services': 123.3 * KB,
  // 134.0 KB until the FAQ's Radix Accordion was replaced by our own: 125.8 KB
  '/about': 125.1 * KB,
  // 124.4 KB until 2026-11-29: the booking note's phone number and e-mail address became links
  // (tel:, mailto:) and the page got the message form's lazy boundary (the form, its copy and its
  // rules load with import() once wanted, src/features/booking/deferred-message-form.tsx): 124.5 KB;
  // 124.56 KB with the route table's /nej-tak
  '/contact': 124.6 * KB,
  // 139.3 KB until the gallery's lightbox (Radix dialog, focus trap, scroll lock) loaded on
  // demand (src/pages/portfolio/gallery.tsx): 124.5 KB
  '/vores-arbejde': 124.6 * KB,
  // 121.9 KB until 2026-11-29: the policy's sections come as route data written by the prerender
  // (119.1 KB), as the terms'
  '/privatlivspolitik': 119.4 * KB,
  // the terms page, like the privacy policy: text and the site's shell (121.0 KB on 2026-11-27);
  // since 2026-11-29 its sections come as route data written by the prerender (119.1 KB)
  '/handelsbetingelser': 119.4 * KB,
  // the booking's details (its job's rows) load with the lookup's answer (121.3 / 121.6 KB)
  '/afbestil': 121.6 * KB,
  '/flyt': 121.9 * KB,
  // the owner's tool: its frame only, built apart from the public pages (115.5 KB on 2026-11-29;
  // 118.9 KB while it was a route of the public build); auth-js, postgrest-js, react-query and the
  // tool load with import() once the page runs (src/pages/owner.tsx)
  '/ejer': 115.6 * KB,
};
const budgets = {
  homeJs: 125 * KB,
  contactJs: 150 * KB,
  // every page's stylesheet (one file, shared): 9.08 KB before the car sizes (2e6fab9); 9.23 KB
  // with the sizes' choice cards, the fields' error marks and the full days' strike; 8.98 KB once
  // the calendar's own rules came with the calendar (src/components/ui/calendar.css); 8.69 KB from
  // the classes of src/ only (words in docs/ and the tests had become rules)
  css: 8.8 * KB,
  homeTransfer: 300 * KB,
  galleryTransfer: 600 * KB,
};

/**
 * HTML + CSS + first-load JS (gzip) + Latin font + every image the HTML references (raw; the AVIF
 * a current browser takes, see images()). `webpImages`: the images an older browser takes instead.
 */
function pageTransfer(path: string) {
  const html = readHtml(path);
  const css = stylesheets(html);
  const parts = [
    { kind: 'html', files: [htmlFileOf(path)], size: gzipSize },
    { kind: 'css', files: css, size: gzipSize },
    { kind: 'js', files: firstLoadScripts(html), size: gzipSize },
    { kind: 'font', files: latinFonts(css), size: rawSize },
    { kind: 'image', files: [...new Set(images(html))], size: rawSize },
  ];
  const byKind = Object.fromEntries(
    parts.map(({ kind, files, size }) => [kind, files.reduce((sum, f) => sum + size(f), 0)]),
  );
  const total = Object.values(byKind).reduce((a, b) => a + b, 0);
  const webpImages = [...new Set(images(html, { fallback: true }))].reduce(
    (sum, f) => sum + rawSize(f),
    0,
  );
  return { byKind, total, parts, webpImages };
}

test.describe('byte budgets of the production build', () => {
  test.beforeAll(() => assertBuilt());

  for (const path of pages) {
    test(`first-load JavaScript of ${path} stays within its ceiling`, () => {
      // a new page (one entry in the route table) is held to the most any page may load at first,
      // /contact's 150 KB, until it gets a tighter ceiling of its own in pageJs
      const ceiling = pageJs[path] ?? budgets.contactJs;
      const files = firstLoadScripts(readHtml(path));
      const sizes = files.map((f) => [shortName(f), gzipSize(f)] as const);
      const total = sizes.reduce((sum, [, size]) => sum + size, 0);
      expect(
        total,
        `first-load JS of ${path}: ${kb(total)} (ceiling ${kb(ceiling)})\n${sizes.map(([f, s]) => `${f} ${kb(s)}`).join('\n')}`,
      ).toBeLessThanOrEqual(ceiling);
    });
  }

  test('first-load JavaScript of / is at most 125 KB gzipped', () => {
    const files = firstLoadScripts(readHtml('/'));
    expect(files.length, 'the home page loads its JavaScript as modules').toBeGreaterThan(3);
    const sizes = files.map((f) => [shortName(f), gzipSize(f)] as const);
    const total = sizes.reduce((sum, [, size]) => sum + size, 0);
    expect(
      total,
      `first-load JS of /: ${kb(total)} (target ${kb(targets.homeJs)})\n${sizes.map(([f, s]) => `${f} ${kb(s)}`).join('\n')}`,
    ).toBeLessThanOrEqual(budgets.homeJs);
  });

  test('first-load JavaScript of /contact is at most 150 KB gzipped, the booking form not included', () => {
    const files = firstLoadScripts(readHtml('/contact'));
    const sizes = files.map((f) => [shortName(f), gzipSize(f)] as const);
    const total = sizes.reduce((sum, [, size]) => sum + size, 0);
    expect(
      total,
      `first-load JS of /contact: ${kb(total)}\n${sizes.map(([f, s]) => `${f} ${kb(s)}`).join('\n')}`,
    ).toBeLessThanOrEqual(budgets.contactJs);
    // the guard: the form's code is reachable from /contact, by import() only
    const all = firstLoadScripts(readHtml('/contact'), { dynamic: true });
    // (the time field's id: the inline early-press script, in the first load, names the
    // service field too)
    const form = (f: string) => readFileSync(f, 'utf8').includes('booking-time');
    expect(all.some(form), 'the booking form is reachable from /contact').toBe(true);
    expect(files.filter(form).map(shortName), 'the booking form is not in the first load').toEqual(
      [],
    );
  });

  test("the gallery's lightbox is reachable from /vores-arbejde, by import() only", () => {
    // the dialog's overlay (src/components/ui/dialog.tsx): in the lightbox's chunk
    const dialog = (f: string) => readFileSync(f, 'utf8').includes('dialog-overlay');
    const html = readHtml('/vores-arbejde');
    expect(firstLoadScripts(html, { dynamic: true }).some(dialog), 'reachable').toBe(true);
    expect(firstLoadScripts(html).filter(dialog).map(shortName), 'not in the first load').toEqual(
      [],
    );
  });

  test('only the pages that sell a job carry the job catalogue in their HTML', () => {
    // the car sizes, size prices and add-ons travel in the route data of /services and /contact
    // (about 0.8 KB gzipped); every other page's HTML leaves them out
    const sellers = new Set(['/services', '/contact']);
    for (const path of pages) {
      const html = readHtml(path);
      const carries = ['jobCatalogue', 'stor-bil', 'Motorvask'].filter((word) =>
        html.includes(word),
      );
      if (sellers.has(path))
        expect(carries, path).toEqual(['jobCatalogue', 'stor-bil', 'Motorvask']);
      else expect(carries, path).toEqual([]);
    }
  });

  test('CSS is at most 8.8 KB gzipped on every page', () => {
    for (const path of pages) {
      const css = stylesheets(readHtml(path));
      expect(css.length, path).toBeGreaterThan(0);
      const total = css.reduce((sum, f) => sum + gzipSize(f), 0);
      expect(total, `CSS of ${path}: ${kb(total)}`).toBeLessThanOrEqual(budgets.css);
    }
  });

  test("the calendar's styles come with the calendar, in no page's first stylesheet", () => {
    const withCalendar = allFiles()
      .filter((f) => f.endsWith('.css'))
      .filter((f) => readFileSync(f, 'utf8').includes('.calendar-day-full'));
    expect(withCalendar.map(shortName)).toEqual([expect.stringMatching(/date-calendar/)]);
    for (const path of pages) {
      expect(stylesheets(readHtml(path)).map(shortName), path).not.toContain(
        shortName(withCalendar[0]!),
      );
    }
  });

  test('home page transfer is at most 300 KB', () => {
    const { byKind, total, webpImages } = pageTransfer('/');
    expect(byKind.image, 'the home page shows images').toBeGreaterThan(0);
    expect(
      total,
      `home: ${kb(total)} ${JSON.stringify(byKind)}; with WebP images instead of AVIF (older browsers) ${kb(total - byKind.image! + webpImages)}`,
    ).toBeLessThanOrEqual(budgets.homeTransfer);
  });

  test('gallery page transfer is at most 600 KB', () => {
    const { byKind, total } = pageTransfer('/vores-arbejde');
    expect(byKind.image, 'the gallery shows images').toBeGreaterThan(0);
    expect(total, `gallery: ${kb(total)} ${JSON.stringify(byKind)}`).toBeLessThanOrEqual(
      budgets.galleryTransfer,
    );
  });

  /**
   * The Supabase client: supabase-js's own PostgREST and functions packages (marker strings
   * `PostgrestError` and functions-js's `x-relay-error` header), loaded with import() by the
   * booking form; Supabase Auth (auth-js: `GoTrueClient`, `/auth/v1`) only by /ejer's tool, also
   * with import().
   */
  const CLIENT = /PostgrestError|x-relay-error|GoTrueClient|\/auth\/v1/;

  for (const path of pages) {
    test(`the first-load JavaScript of ${path} holds no Supabase client library`, () => {
      const files = firstLoadScripts(readHtml(path));
      expect(files.length).toBeGreaterThan(0);
      const withClient = files.filter((f) => CLIENT.test(readFileSync(f, 'utf8'))).map(shortName);
      expect(withClient).toEqual([]);
    });
  }

  /** auth-js's refresh call: a string of auth-js's own that minification keeps. */
  const AUTH_JS = 'grant_type=refresh_token';

  test("auth-js is reachable from /ejer by import() only, and from no other page's code at all", () => {
    const reaches = (path: string, dynamic: boolean) =>
      firstLoadScripts(readHtml(path), { dynamic })
        .filter((file) => readFileSync(file, 'utf8').includes(AUTH_JS))
        .map(shortName);
    expect(reaches('/ejer', true).length, 'reachable from /ejer').toBeGreaterThan(0);
    expect(reaches('/ejer', false), 'not in the first load of /ejer').toEqual([]);
    for (const path of pages.filter((p) => p !== '/ejer')) {
      expect(reaches(path, true), `reachable from ${path}`).toEqual([]);
    }
  });

  /**
   * The owner's pages are built apart (src/content/site-pages.ts, routeBuild): React Router's
   * route manifest, which every page loads, names every route of its build (about 28 bytes
   * gzipped each), and a module the owner's tool shared with a public page would be split out of
   * that page's chunk. No public page's code may name an owner page or its module.
   */
  test("no public page's code names the owner's pages", () => {
    const owner = pageList().filter((p) => p.owner);
    expect(owner.length).toBeGreaterThan(0);
    const names = owner.flatMap((p) => [`"${p.path.slice(1)}"`, `pages/${p.page}"`]);
    for (const path of pages.filter((p) => !owner.some((o) => o.path === p))) {
      const named = firstLoadScripts(readHtml(path), { dynamic: true })
        .filter((file) => names.some((name) => readFileSync(file, 'utf8').includes(name)))
        .map(shortName);
      expect(named, `${path} names an owner page`).toEqual([]);
    }
    // the check finds the owner's page where it is: in its own build's manifest
    const own = firstLoadScripts(readHtml(owner[0]!.path)).filter((file) =>
      readFileSync(file, 'utf8').includes(`pages/${owner[0]!.page}"`),
    );
    expect(own.map(shortName)).toEqual([expect.stringMatching(/^assets\/manifest-/)]);
  });

  test('the budget check itself finds the client where the booking form is (/contact), without auth', () => {
    // Guards the scan above: postgrest-js and functions-js are loaded with import() when the
    // booking form first queries; if this stops finding them, the marker strings need updating.
    const code = firstLoadScripts(readHtml('/contact'), { dynamic: true }).map((file) =>
      readFileSync(file, 'utf8'),
    );
    expect(
      code.some((c) => c.includes('PostgrestError')),
      'postgrest-js',
    ).toBe(true);
    expect(
      code.some((c) => c.includes('x-relay-error')),
      'functions-js',
    ).toBe(true);
    expect(
      code.some((c) => /GoTrueClient|\/auth\/v1/.test(c)),
      'supabase-js auth',
    ).toBe(false);
  });
});
