/**
 * Reading the production build (build/client, or BUILD_DIR/client) for the deterministic checks:
 * byte budgets, SEO tags, secrets. No browser needed.
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';

export const buildDir = join(process.env.BUILD_DIR ?? join(process.cwd(), 'build'));
export const clientDir = join(buildDir, 'client');

export function assertBuilt(): void {
  if (!existsSync(join(clientDir, 'index.html'))) {
    throw new Error(`No production build in ${clientDir}: run \`npm run build\` first.`);
  }
}

/** The prerendered HTML file of a route path ('/' -> index.html, '/about' -> about/index.html). */
export function htmlFileOf(path: string): string {
  return path === '/' ? join(clientDir, 'index.html') : join(clientDir, path, 'index.html');
}

export function readHtml(path: string): string {
  return readFileSync(htmlFileOf(path), 'utf8');
}

export function fileOfUrl(url: string): string {
  return join(clientDir, decodeURIComponent(url.split(/[?#]/)[0] ?? url));
}

export function gzipSize(file: string): number {
  return gzipSync(readFileSync(file), { level: 9 }).length;
}

export function rawSize(file: string): number {
  return statSync(file).size;
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');

/** Every tag of one kind in the HTML, e.g. tags(html, 'link'). */
export function tags(html: string, name: string): string[] {
  return html.match(new RegExp(`<${name}\\b[^>]*>`, 'gi')) ?? [];
}

export { attr };

/**
 * JS files a first visit to the page loads without any interaction: module preloads, module
 * scripts, the chunks inline scripts load (also those loaded after the first paint) and their
 * static imports. With `dynamic`, also everything reachable through `import()` (loaded later).
 */
export function firstLoadScripts(html: string, { dynamic = false } = {}): string[] {
  const urls = new Set<string>();
  for (const tag of tags(html, 'link')) {
    if (attr(tag, 'rel') === 'modulepreload') urls.add(attr(tag, 'href')!);
  }
  for (const tag of tags(html, 'script')) {
    const src = attr(tag, 'src');
    if (src) urls.add(src);
  }
  // chunks named in inline scripts: React Router's module script (`import ... from "/assets/…"`)
  // or, after scripts/defer-hydration.ts, the boot script that loads them once the page has painted
  // (its plan in its data-boot-plan attribute)
  for (const [, attributes = '', content = ''] of html.matchAll(
    /<script\b([^>]*)>([\s\S]*?)<\/script>/gi,
  )) {
    const text = `${attributes} ${content}`;
    for (const [, url] of text.matchAll(/["'](\/assets\/[^"']+\.js)["']/g)) urls.add(url!);
  }
  const files = new Set<string>();
  const queue = [...urls].map(fileOfUrl);
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (files.has(file) || !existsSync(file)) continue;
    files.add(file);
    const code = readFileSync(file, 'utf8');
    // static imports only (`import x from"./a.js"`, `import"./a.js"`), not import("./lazy.js")
    if (dynamic) {
      for (const [, spec] of code.matchAll(/import\(\s*["'`](\.\/[^"'`]+\.js)["'`]\s*\)/g)) {
        queue.push(join(file, '..', spec!));
      }
    }
    for (const [, spec] of code.matchAll(
      /(?:^|[;\s}])import\s*(?:[\w$*{}\s,]+from\s*)?["'](\.\/[^"']+\.js)["']/g,
    )) {
      queue.push(join(file, '..', spec!));
    }
  }
  return [...files];
}

export function stylesheets(html: string): string[] {
  return tags(html, 'link')
    .filter((tag) => attr(tag, 'rel') === 'stylesheet')
    .map((tag) => fileOfUrl(attr(tag, 'href')!));
}

/**
 * The image file each <img> of the page loads. For an <img> in a <picture>: the AVIF source at the
 * width of the <img>'s own fallback (every browser we support takes the AVIF source: Chrome 85+,
 * Firefox 93+, Safari 16.4+), or with `fallback`, the WebP file of its src that older ones take.
 */
export function images(html: string, { fallback = false } = {}): string[] {
  const files: string[] = [];
  for (const [, pictureHtml = '', loose = ''] of html.matchAll(
    /<picture\b[^>]*>([\s\S]*?)<\/picture>|(<img\b[^>]*>)/gi,
  )) {
    const img = tags(pictureHtml || loose, 'img')[0];
    const src = img && attr(img, 'src');
    if (!src?.startsWith('/')) continue;
    let chosen = src;
    if (pictureHtml && !fallback) {
      const candidates = (type: string) =>
        (
          tags(pictureHtml, 'source')
            .filter((source) => attr(source, 'type') === type)
            .map((source) => attr(source, 'srcSet') ?? attr(source, 'srcset') ?? '')[0] ?? ''
        )
          .split(',')
          .map((candidate) => candidate.trim().split(/\s+/))
          .filter(([url]) => url);
      const width = candidates('image/webp').find(([url]) => url === src)?.[1];
      const avif = candidates('image/avif').find(([, w]) => w === width)?.[0];
      if (avif) chosen = avif;
    }
    files.push(fileOfUrl(chosen));
  }
  return files;
}

/**
 * Fonts the page needs for Latin text: Inter's core Latin file (woff2) the CSS references (the rest
 * of Latin loads only for a page that shows such a character; the pages' own texts show none).
 */
export function latinFonts(cssFiles: string[]): string[] {
  const fonts = new Set<string>();
  for (const css of cssFiles) {
    const text = readFileSync(css, 'utf8');
    for (const [, url] of text.matchAll(/url\(([^)]*inter-latin-core-wght[^)]*\.woff2)\)/g)) {
      const clean = url!.replace(/["']/g, '');
      fonts.add(clean.startsWith('/') ? fileOfUrl(clean) : join(css, '..', clean));
    }
  }
  return [...fonts];
}

/** Every file of the build (for the secrets scan). */
export function allFiles(dir: string = clientDir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? allFiles(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

export const shortName = (file: string) => relative(clientDir, file);
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;
