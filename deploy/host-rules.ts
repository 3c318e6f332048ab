/**
 * How each static host answers a path, given the files of the build and the host's config as
 * written: the URL normalisation Netlify and Vercel document (and that github:slorber/trailing-slash-guide
 * measured on both), as code, so a test can prove that every URL the site advertises (canonical,
 * og:url, sitemap) is answered 200 and never redirected.
 *
 * Netlify (default, "Pretty URLs" on or off alike for these cases): `/x` is served from `x.html`
 * when it exists; when only `x/index.html` exists, `/x` is redirected (301) to `/x/`. `/x/` is
 * redirected to `/x` when `x.html` exists. Static files shadow redirect rules unless forced, so the
 * site writes none (netlify.toml has no [[redirects]], the build no _redirects).
 *
 * Vercel with `cleanUrls: true`, `trailingSlash: false` (vercel.json): `/x/` and `/x.html` are
 * redirected (308) to `/x`, `/x/index.html` to `/x`; `/x` is served from `x.html` or `x/index.html`.
 */

export type HostAnswer =
  { status: 200; file: string } | { status: 301 | 308; location: string } | { status: 404 };

/** Build files relative to the publish directory, with `/` separators (`about/index.html`). */
export type BuildFiles = ReadonlySet<string>;

const strip = (pathname: string) => pathname.replace(/^\/+/, '');

/** Netlify's answer for a path, without redirect rules (the site has none). */
export function netlifyAnswer(pathname: string, files: BuildFiles): HostAnswer {
  if (pathname === '/')
    return files.has('index.html') ? { status: 200, file: 'index.html' } : { status: 404 };
  if (pathname.endsWith('/')) {
    const base = pathname.slice(0, -1);
    if (files.has(`${strip(base)}.html`)) return { status: 301, location: base };
    const index = `${strip(base)}/index.html`;
    return files.has(index) ? { status: 200, file: index } : { status: 404 };
  }
  const name = strip(pathname);
  if (files.has(name)) return { status: 200, file: name };
  if (files.has(`${name}.html`)) return { status: 200, file: `${name}.html` };
  if (files.has(`${name}/index.html`)) return { status: 301, location: `${pathname}/` };
  return { status: 404 };
}

export interface VercelConfig {
  cleanUrls?: boolean;
  trailingSlash?: boolean;
  redirects?: unknown[];
  rewrites?: unknown[];
}

/** Vercel's answer for a path under the vercel.json settings the site uses. */
export function vercelAnswer(
  pathname: string,
  files: BuildFiles,
  config: VercelConfig,
): HostAnswer {
  if (config.redirects?.length || config.rewrites?.length) {
    throw new Error('deploy/host-rules.ts does not model vercel.json redirects or rewrites yet');
  }
  if (config.cleanUrls !== true || config.trailingSlash !== false) {
    throw new Error(
      'deploy/host-rules.ts models vercel.json with cleanUrls: true, trailingSlash: false',
    );
  }
  if (pathname === '/')
    return files.has('index.html') ? { status: 200, file: 'index.html' } : { status: 404 };
  if (pathname.endsWith('/')) return { status: 308, location: pathname.replace(/\/+$/, '') || '/' };
  if (pathname.endsWith('/index.html')) {
    return { status: 308, location: pathname.slice(0, -'/index.html'.length) || '/' };
  }
  if (pathname.endsWith('.html'))
    return { status: 308, location: pathname.slice(0, -'.html'.length) };
  const name = strip(pathname);
  for (const file of [name, `${name}.html`, `${name}/index.html`]) {
    if (files.has(file)) return { status: 200, file };
  }
  return { status: 404 };
}
