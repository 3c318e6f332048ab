/**
 * The public address of the site (canonical URLs, OpenGraph, sitemap, robots.txt). Set
 * VITE_SITE_URL at build time; the default is an obvious placeholder.
 */
export const PLACEHOLDER_SITE_URL = 'https://www.glanspunkt.example';

/** The site URL from an environment (Vite's `import.meta.env` or Node's `process.env`), no trailing slash. */
export function resolveSiteUrl(
  env: Record<string, string | boolean | undefined> | undefined,
): string {
  const raw = env?.VITE_SITE_URL;
  const value = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : PLACEHOLDER_SITE_URL;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`VITE_SITE_URL must be an http(s) URL, got ${value}`);
  }
  return url.origin + url.pathname.replace(/\/+$/, '');
}

/** Absolute URL of a site path ('/' stays the bare origin plus '/'). */
export function absoluteUrl(siteUrl: string, path: string): string {
  return `${siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
}

// `import.meta.env` exists under Vite (build, prerender, browser); under plain Node it is undefined.
export const siteUrl = resolveSiteUrl(import.meta.env);
