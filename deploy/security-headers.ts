import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pageList } from '../src/content/site-pages';

/**
 * The security headers of the site, as data: one source for the static hosts' config files
 * (build/client/_headers for Netlify, netlify.toml, vercel.json; see deploy/host-files.ts) and for
 * `npm start` (local/cli/start.ts), so the e2e suite runs under the production policy.
 *
 * Scripts: React Router's prerendered HTML, React's streaming runtime and the theme script emit inline
 * <script> blocks that must stay inline (React hydrates them as they are). scripts/postbuild.ts
 * computes their sha256 hashes: each page gets a <meta http-equiv="Content-Security-Policy">
 * with `script-src 'self'` plus exactly its own hashes (works on every host), and the union of
 * all hashes goes to build/csp-script-hashes.json, from which `_headers` and `npm start` put the
 * same strict script-src into the header. vercel.json is committed before any build, so its header
 * keeps `'unsafe-inline'` for scripts and the per-page meta policy does the narrowing (a script
 * must satisfy every policy of a page).
 */

/** Third-party pages the site frames, only after the visitor has consented to each embed. */
export const consentedEmbedOrigins = {
  googleMaps: ['https://www.google.com', 'https://maps.google.com'],
  facebookVideo: ['https://www.facebook.com', 'https://web.facebook.com'],
} as const;

/** Supabase host pattern used when the exact project URL is unknown (committed host files). */
export const ANY_HOSTED_SUPABASE = 'https://*.supabase.co';

/** Written by scripts/postbuild.ts next to build/client: the inline script hashes of the build. */
export const SCRIPT_HASHES_FILE = 'csp-script-hashes.json';

export interface PolicyOptions {
  /** Origins of the Supabase project(s) the bundle talks to (connect-src). */
  supabaseUrls: readonly string[];
  /** 'sha256-…' sources of the build's inline scripts; without them see the note above. */
  scriptHashes?: readonly string[];
  /** Served over https (adds upgrade-insecure-requests). */
  https?: boolean;
}

/** The origin of a URL, or a host pattern such as https://*.supabase.co unchanged. */
export function toSource(url: string): string {
  if (url.includes('*')) return url.replace(/\/+$/, '');
  return new URL(url).origin;
}

/** The script policy of one page (its meta tag): 'self' and the page's own inline scripts. */
export function scriptPolicy(hashes: readonly string[]): string {
  return ['script-src', "'self'", ...hashes].join(' ');
}

export function contentSecurityPolicy({
  supabaseUrls,
  scriptHashes,
  https = true,
}: PolicyOptions): string {
  const supabase = [...new Set(supabaseUrls.map(toSource))];
  const frames = Object.values(consentedEmbedOrigins).flat();
  const directives: Array<[string, ...string[]]> = [
    ['default-src', "'self'"],
    scriptHashes
      ? ['script-src', "'self'", ...scriptHashes]
      : ['script-src', "'self'", "'unsafe-inline'"],
    ['style-src', "'self'", "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'", ...supabase],
    ['frame-src', ...frames],
    ['media-src', "'self'"],
    ['worker-src', "'self'"],
    ['manifest-src', "'self'"],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  if (https) directives.push(['upgrade-insecure-requests']);
  return directives.map((parts) => parts.join(' ')).join('; ');
}

/** Every header the site sends on every response. */
export function securityHeaders(options: PolicyOptions): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(options),
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains; preload',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    // Features the site never uses are off; fullscreen stays for the consented video embed.
    'Permissions-Policy': [
      'accelerometer=()',
      'camera=()',
      'display-capture=()',
      `fullscreen=(self "${consentedEmbedOrigins.facebookVideo[0]}")`,
      'geolocation=()',
      'gyroscope=()',
      'hid=()',
      'magnetometer=()',
      'microphone=()',
      'midi=()',
      'payment=()',
      'serial=()',
      'usb=()',
    ].join(', '),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
}

/**
 * Pages whose address carries a secret (the token of the links in the booking e-mails): they send
 * no Referer at all, on top of taking the token out of the address bar once read. The pages also
 * carry <meta name="referrer" content="no-referrer">, which holds on any host. From the route table
 * (`linkToken`).
 */
export const tokenPagePaths: readonly string[] = pageList()
  .filter((p) => p.linkToken)
  .map((p) => p.path);

export const tokenPageHeaders = { 'Referrer-Policy': 'no-referrer' } as const;

/** Whether a request path is one of the token pages (with or without slash or .html). */
export function isTokenPage(pathname: string): boolean {
  const path = pathname.replace(/\/index\.html$|\.html$|\/+$/, '') || '/';
  return (tokenPagePaths as readonly string[]).includes(path);
}

/** Long-lived caching for content-hashed assets; everything else revalidates. */
export const cacheHeaders = {
  '/assets/*': { 'Cache-Control': 'public, max-age=31536000, immutable' },
} as const;

/** Headers for one static response of `npm start` (or any Node server) by URL path. */
export function headersForPath(pathname: string, options: PolicyOptions): Record<string, string> {
  const headers = securityHeaders(options);
  if (pathname.startsWith('/assets/')) return { ...headers, ...cacheHeaders['/assets/*'] };
  const page = isTokenPage(pathname) ? tokenPageHeaders : {};
  return { ...headers, ...page, 'Cache-Control': 'public, max-age=0, must-revalidate' };
}

/** The inline script hashes of a build (`buildDir` holds client/), or undefined if not written. */
export function readScriptHashesSync(buildDir: string): string[] | undefined {
  try {
    const hashes: unknown = JSON.parse(readFileSync(join(buildDir, SCRIPT_HASHES_FILE), 'utf8'));
    return Array.isArray(hashes) ? hashes.map(String) : undefined;
  } catch {
    return undefined;
  }
}
