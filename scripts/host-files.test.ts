import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  pageHtmlFiles,
  renderHeadersFile,
  renderNetlifyToml,
  renderVercelJson,
} from '../deploy/host-files';
import { netlifyAnswer, vercelAnswer, type VercelConfig } from '../deploy/host-rules';
import { staticPaths } from '../react-router.config';
import { pageList } from '../src/content/site-pages';
import { absoluteUrl } from '../src/lib/site-url';
import { contentSecurityPolicy, headersForPath, securityHeaders } from '../deploy/security-headers';
import { inlineScriptHashes, withScriptPolicyMeta } from './inline-scripts';
import { renderRobotsTxt, renderSitemapXml } from './seo-files';

const root = join(import.meta.dirname, '..');

describe('host config files', () => {
  it('netlify.toml and vercel.json are what deploy/host-files.ts renders (run deploy/write-host-files.ts)', () => {
    expect(readFileSync(join(root, 'netlify.toml'), 'utf8')).toBe(renderNetlifyToml());
    expect(readFileSync(join(root, 'vercel.json'), 'utf8')).toBe(renderVercelJson());
  });

  it('vercel.json sends every security header on every path', () => {
    const config = JSON.parse(renderVercelJson()) as {
      headers: Array<{ source: string; headers: Array<{ key: string; value: string }> }>;
    };
    const all = config.headers.find((h) => h.source === '/(.*)')!;
    expect(all.headers.map((h) => h.key)).toEqual(
      Object.keys(securityHeaders({ supabaseUrls: ['https://x.supabase.co'] })),
    );
  });

  it('_headers carries the exact Supabase origin and the script hashes', () => {
    const file = renderHeadersFile('https://abc.supabase.co/', ["'sha256-AAA='"]);
    expect(file).toMatch(/^\/\*$/m);
    expect(file).toContain("connect-src 'self' https://abc.supabase.co;");
    expect(file).toContain("script-src 'self' 'sha256-AAA=';");
    expect(file).toMatch(/^ {2}Strict-Transport-Security: max-age=\d+/m);
  });
});

describe('content security policy', () => {
  const csp = contentSecurityPolicy({
    supabaseUrls: ['https://abc.supabase.co'],
    scriptHashes: ["'sha256-AAA='"],
  });
  const directive = (name: string) =>
    csp
      .split('; ')
      .find((d) => d.startsWith(`${name} `) || d === name)
      ?.split(' ')
      .slice(1);

  it('allows only the site, its Supabase URL and the consented embeds', () => {
    expect(directive('default-src')).toEqual(["'self'"]);
    expect(directive('script-src')).toEqual(["'self'", "'sha256-AAA='"]);
    expect(directive('connect-src')).toEqual(["'self'", 'https://abc.supabase.co']);
    expect(directive('frame-src')).toEqual(
      expect.arrayContaining(['https://www.google.com', 'https://www.facebook.com']),
    );
    expect(directive('frame-ancestors')).toEqual(["'none'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(csp).not.toMatch(/\*(?!\.supabase)/);
  });

  it('without build hashes the header defers scripts to the per-page meta policy', () => {
    expect(contentSecurityPolicy({ supabaseUrls: ['https://a.supabase.co'] })).toContain(
      "script-src 'self' 'unsafe-inline'",
    );
  });

  it('hashed assets are cached for a year, pages revalidate', () => {
    const policy = { supabaseUrls: ['http://127.0.0.1:54321'] };
    expect(headersForPath('/assets/a-123.js', policy)['Cache-Control']).toMatch(/immutable/);
    expect(headersForPath('/about', policy)['Cache-Control']).toMatch(/max-age=0/);
    expect(headersForPath('/about', policy)['X-Content-Type-Options']).toBe('nosniff');
  });

  it('the token pages (/afbestil, /flyt, /nej-tak) send no Referer; other pages keep the site policy', () => {
    const policy = { supabaseUrls: ['http://127.0.0.1:54321'] };
    for (const path of [
      '/afbestil',
      '/afbestil/',
      '/flyt',
      '/flyt/index.html',
      '/flyt.html',
      '/nej-tak',
      '/nej-tak.html',
    ]) {
      expect(headersForPath(path, policy)['Referrer-Policy'], path).toBe('no-referrer');
    }
    for (const path of ['/', '/contact', '/flytning', '/assets/flyt-1.js']) {
      expect(headersForPath(path, policy)['Referrer-Policy'], path).toBe(
        'strict-origin-when-cross-origin',
      );
    }
    const netlify = renderHeadersFile('https://x.supabase.co', []);
    expect(netlify).toMatch(/\n\/flyt\n {2}Referrer-Policy: no-referrer\n/);
    expect(netlify).toMatch(/\n\/afbestil\/\*\n {2}Referrer-Policy: no-referrer\n/);
    const vercel = JSON.parse(renderVercelJson()) as {
      headers: { source: string; headers: { key: string; value: string }[] }[];
    };
    const last = vercel.headers.slice(-3);
    expect(last.map((h) => h.source)).toEqual([
      '/afbestil(/?|/index\\.html|\\.html)',
      '/flyt(/?|/index\\.html|\\.html)',
      '/nej-tak(/?|/index\\.html|\\.html)',
    ]);
    for (const rule of last)
      expect(rule.headers).toEqual([{ key: 'Referrer-Policy', value: 'no-referrer' }]);
  });
});

describe('inline script policy', () => {
  const html =
    '<html><head><meta charSet="utf-8"/><title>x</title></head><body><script>a()</script>' +
    '<script type="module" async="">import "/x.js";</script><script src="/y.js"></script>' +
    '<script type="application/ld+json">{"a":1}</script><script>a()</script></body></html>';

  it('hashes each distinct inline JavaScript block, not external scripts or JSON-LD', () => {
    // sha256("a()") and sha256('import "/x.js";') in base64
    expect(inlineScriptHashes(html)).toEqual([
      "'sha256-qVpDBgj7bpq5hMAcGp3AOc79J3Y1Z4HvySTwKrWDoy4='",
      expect.stringMatching(/^'sha256-[A-Za-z0-9+/]{43}='$/),
    ]);
  });

  it('puts the policy right after the charset', () => {
    const out = withScriptPolicyMeta(html, "script-src 'self'");
    expect(out).toContain(
      '<meta charSet="utf-8"/><meta http-equiv="Content-Security-Policy" content="script-src \'self\'"/>',
    );
    expect(() => withScriptPolicyMeta(out, "script-src 'self'")).toThrow();
  });
});

describe('sitemap and robots', () => {
  it('lists every path under the site URL', () => {
    const xml = renderSitemapXml('https://www.example.dk', ['/', '/about']);
    expect([...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, l]) => l)).toEqual([
      'https://www.example.dk/',
      'https://www.example.dk/about',
    ]);
    expect(renderRobotsTxt('https://www.example.dk')).toContain(
      'Sitemap: https://www.example.dk/sitemap.xml',
    );
  });
});

describe('trailing slashes: every advertised URL is answered 200 by each host', () => {
  const site = 'https://www.glanspunkt.dk';
  /** The publish directory as postbuild leaves it (pages, 404, sitemap, robots). */
  const built = new Set([
    ...pageList().flatMap((p) => pageHtmlFiles(p.path)),
    '404.html',
    'sitemap.xml',
    'robots.txt',
  ]);
  const vercel = JSON.parse(readFileSync(join(root, 'vercel.json'), 'utf8')) as VercelConfig;
  /**
   * Canonical and og:url (src/lib/meta.ts: absoluteUrl of the page's path; e2e/seo.spec.ts holds
   * the built pages to it), the sitemap's <loc>s, robots.txt's Sitemap line, and the e-mail links'
   * pages (/afbestil, /flyt).
   */
  const advertised = [
    ...staticPaths.map((path) => absoluteUrl(site, path)),
    ...[...renderSitemapXml(site, staticPaths).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, l]) => l!),
    /^Sitemap: (.+)$/m.exec(renderRobotsTxt(site))![1]!,
    ...pageList()
      .filter((p) => p.linkToken)
      .map((p) => absoluteUrl(site, p.path)),
  ].map((url) => new URL(url).pathname);

  it('the host files hold no redirect rule the model below does not know', () => {
    expect(readFileSync(join(root, 'netlify.toml'), 'utf8')).not.toMatch(/redirects/);
    expect(vercel).toMatchObject({ cleanUrls: true, trailingSlash: false });
  });

  it('Netlify and Vercel answer each advertised URL with its page, no redirect', () => {
    expect(advertised.length).toBeGreaterThan(staticPaths.length);
    for (const path of advertised) {
      expect(netlifyAnswer(path, built), `Netlify ${path}`).toMatchObject({ status: 200 });
      expect(vercelAnswer(path, built, vercel), `Vercel ${path}`).toMatchObject({ status: 200 });
    }
    expect(netlifyAnswer('/about', built)).toEqual({ status: 200, file: 'about.html' });
  });

  it('the other spellings redirect to the advertised one, on both hosts', () => {
    expect(netlifyAnswer('/about/', built)).toEqual({ status: 301, location: '/about' });
    expect(vercelAnswer('/about/', built, vercel)).toEqual({ status: 308, location: '/about' });
    expect(vercelAnswer('/about.html', built, vercel)).toEqual({ status: 308, location: '/about' });
  });

  it('React Router’s <path>/index.html alone would be redirected by Netlify (why postbuild adds <path>.html)', () => {
    const onlyDirectories = new Set(
      [...built].filter((f) => !/^[^/]+\.html$/.test(f) || f === 'index.html'),
    );
    expect(netlifyAnswer('/about', onlyDirectories)).toEqual({ status: 301, location: '/about/' });
    expect(vercelAnswer('/about', onlyDirectories, vercel)).toMatchObject({ status: 200 });
  });
});
