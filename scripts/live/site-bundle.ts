// Does the deployed site talk to the project check:live asks? A build without VITE_SUPABASE_URL (or
// with another project's) still deploys green; its bundle then points elsewhere and every booking
// fails. So the check reads the site as a browser would: the booking page (/contact), the scripts
// it loads and the chunks those import, and looks for the Supabase URL in them.
//
// Vite writes the VITE_ settings into the chunk that reads them as string literals, and the client's
// fallback to the local stack (http://127.0.0.1:54321) is in every build: so the question is whether
// the project's own URL is there, and if not, which Supabase URL is.
import { LOCAL_SUPABASE_URL } from '../../src/lib/supabase-config.ts';

/** The page whose scripts hold the booking form's Supabase client. */
export const BOOKING_PAGE = '/contact';
/** At most this many scripts are read (a build has a few dozen). */
const MAX_SCRIPTS = 150;

export interface SiteBundle {
  /** The project's origin, looked for in the scripts. */
  project: string;
  /** The page read. */
  page: string;
  /** How many scripts were read. */
  scripts: number;
  /** Every Supabase-looking origin found in them (hosted *.supabase.co/.in, or this machine). */
  origins: string[];
  /** Whether the project's own origin is among the literals. */
  pointsAtProject: boolean;
  /** Why the site could not be read; the rest is then empty. */
  error?: string;
}

async function get(url: string): Promise<{ ok: true; text: string } | { ok: false; why: string }> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(20_000), redirect: 'follow' });
    if (!res.ok) {
      await res.body?.cancel();
      return { ok: false, why: `HTTP ${res.status}` };
    }
    return { ok: true, text: await res.text() };
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, why: cause?.code ?? cause?.message ?? (error as Error).message };
  }
}

/** Scripts a page loads: <script src>, <link rel=modulepreload href>, and imports in inline code. */
export function pageScripts(html: string, pageUrl: string): string[] {
  const found = new Set<string>();
  const add = (ref: string, base: string) => {
    try {
      const url = new URL(ref.replace(/&amp;/g, '&'), base);
      if (url.origin === new URL(pageUrl).origin && /\.m?js$/.test(url.pathname)) {
        found.add(url.origin + url.pathname);
      }
    } catch {
      // not a URL
    }
  };
  for (const m of html.matchAll(/<script\b[^>]*\bsrc=["']([^"']+)["']/gi)) add(m[1]!, pageUrl);
  for (const m of html.matchAll(/<link\b[^>]*\bhref=["']([^"']+\.m?js)["']/gi)) add(m[1]!, pageUrl);
  for (const m of html.matchAll(/["'`](\/[^"'`\s]+\.m?js)["'`]/g)) add(m[1]!, pageUrl);
  return [...found];
}

/**
 * Chunks a script imports: relative specifiers ("./x.js", "../x.js") against the script, absolute
 * paths against the site, and Vite's preload lists ("assets/x.js") against the site's root.
 */
export function chunkImports(code: string, scriptUrl: string): string[] {
  const origin = new URL(scriptUrl).origin;
  const found = new Set<string>();
  for (const m of code.matchAll(/["'`]((?:\.{1,2}\/|\/|assets\/)[^"'`\s?#]+\.m?js)["'`]/g)) {
    const ref = m[1]!;
    const url = ref.startsWith('assets/') ? new URL(`/${ref}`, origin) : new URL(ref, scriptUrl);
    if (url.origin === origin) found.add(url.origin + url.pathname);
  }
  return [...found];
}

/** Origins in code that look like a Supabase project's or this machine's gateway. */
export function supabaseOrigins(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/https?:\/\/[a-z0-9.-]+(?::\d+)?(?=[/"'`\\\s]|$)/gi)) {
    const origin = m[0].toLowerCase();
    if (/^https:\/\/[a-z0-9-]+\.supabase\.(co|in)$/.test(origin)) found.add(origin);
    else if (/^http:\/\/(127\.0\.0\.1|localhost)(:\d+)?$/.test(origin)) found.add(origin);
  }
  return [...found];
}

/** Reads the booking page of siteUrl and its scripts, and looks for the project's URL in them. */
export async function readSiteBundle(siteUrl: string, projectUrl: string): Promise<SiteBundle> {
  const page = new URL(BOOKING_PAGE, siteUrl).toString();
  const project = new URL(projectUrl).origin.toLowerCase();
  const html = await get(page);
  if (!html.ok)
    return { project, page, scripts: 0, origins: [], pointsAtProject: false, error: html.why };
  const queue = pageScripts(html.text, page);
  const seen = new Set(queue);
  const origins = new Set<string>();
  let pointsAtProject = false;
  let read = 0;
  while (queue.length > 0 && read < MAX_SCRIPTS) {
    const url = queue.shift()!;
    const script = await get(url);
    read += 1;
    if (!script.ok) continue;
    // the project's URL may be a custom domain: look for it as it is, too
    if (script.text.toLowerCase().includes(project)) pointsAtProject = true;
    for (const origin of supabaseOrigins(script.text)) origins.add(origin);
    for (const next of chunkImports(script.text, url)) {
      if (!seen.has(next)) {
        seen.add(next);
        queue.push(next);
      }
    }
  }
  if (read === 0) {
    return {
      project,
      page,
      scripts: 0,
      origins: [],
      pointsAtProject: false,
      error: `no script found in ${BOOKING_PAGE}`,
    };
  }
  return { project, page, scripts: read, origins: [...origins].sort(), pointsAtProject };
}

export interface BundleItem {
  ok: boolean;
  da: string;
  en: string;
  fix?: string;
}

const REBUILD =
  'set VITE_SUPABASE_URL (and VITE_SUPABASE_PUBLISHABLE_KEY) to this project at the host, then redeploy (docs/deploy.md, step 7)';

/** The checklist line: does the site's bundle talk to the project? */
export function bundleItem(bundle: SiteBundle): BundleItem {
  const project = bundle.project;
  if (bundle.error) {
    return {
      ok: false,
      da: `Hjemmesidens kode kan ikke læses fra ${bundle.page}: ${bundle.error}`,
      en: `cannot read the site's bundle from ${bundle.page}`,
      fix: 'check SITE_URL (or CHECK_LIVE_SITE_URL) and that the site is deployed',
    };
  }
  if (bundle.pointsAtProject) {
    return {
      ok: true,
      da: `Hjemmesidens kode taler med projektet ${project} (${bundle.scripts} scripts læst fra ${bundle.page})`,
      en: "the site's bundle points at this project",
    };
  }
  const hosted = bundle.origins.filter((o) => o.startsWith('https://'));
  if (hosted.length > 0) {
    return {
      ok: false,
      da: `Hjemmesidens kode taler med et andet projekt: ${hosted.join(', ')} (ikke ${project})`,
      en: "the site's bundle points at another Supabase project",
      fix: REBUILD,
    };
  }
  const local = bundle.origins.includes(LOCAL_SUPABASE_URL)
    ? LOCAL_SUPABASE_URL
    : bundle.origins[0];
  return {
    ok: false,
    da: local
      ? `Hjemmesidens kode taler med en lokal erstatning (${local}), ikke med ${project}: den er bygget uden VITE_SUPABASE_URL`
      : `Hjemmesidens kode nævner ikke projektet ${project}`,
    en: local
      ? "the site's bundle points at a local stand-in: built without VITE_SUPABASE_URL"
      : "the site's bundle does not name this project",
    fix: REBUILD,
  };
}
