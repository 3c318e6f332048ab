/**
 * SEO of the prerendered HTML (read from build/) and of `npm start`: own title and description,
 * canonical, OpenGraph and Twitter tags with a 1200×630 image, the home page's AutoWash JSON-LD,
 * sitemap.xml and robots.txt from the route table, a noindex 404 served with status 404.
 */
import { expect, test } from '@playwright/test';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { staticPaths } from '../react-router.config';
import { netlifyAnswer, vercelAnswer, type VercelConfig } from '../deploy/host-rules';
import { allFiles, assertBuilt, attr, clientDir, shortName, tags } from './support/build';

function metaContent(html: string, key: string): string | undefined {
  const tag = tags(html, 'meta').find(
    (t) => attr(t, 'name') === key || attr(t, 'property') === key,
  );
  return tag ? attr(tag, 'content') : undefined;
}

const decode = (text: string) =>
  text
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"');

function titleOf(html: string) {
  const raw = /<title>([\s\S]*?)<\/title>/.exec(html)?.[1];
  return raw === undefined ? undefined : decode(raw);
}

const htmlOf = (path: string) =>
  readFileSync(
    path === '/' ? join(clientDir, 'index.html') : join(clientDir, path, 'index.html'),
    'utf8',
  );

test.describe('SEO of the prerendered pages', () => {
  test.beforeAll(() => assertBuilt());

  test('every route has its own title (<= 60) and description (<= 155)', () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const path of staticPaths) {
      const html = htmlOf(path);
      const title = titleOf(html);
      const description = metaContent(html, 'description');
      expect(title, `${path} title`).toBeTruthy();
      expect(title!.length, `${path} title length`).toBeLessThanOrEqual(60);
      expect(description, `${path} description`).toBeTruthy();
      expect(description!.length, `${path} description length`).toBeLessThanOrEqual(155);
      titles.add(title!);
      descriptions.add(description!);
      expect(tags(html, 'title'), `${path} has one <title>`).toHaveLength(1);
    }
    expect(titles.size).toBe(staticPaths.length);
    expect(descriptions.size).toBe(staticPaths.length);
  });

  for (const path of staticPaths) {
    test(`${path} has canonical, OpenGraph and Twitter tags`, () => {
      const html = htmlOf(path);
      const canonical = tags(html, 'link').filter((t) => attr(t, 'rel') === 'canonical');
      expect(canonical).toHaveLength(1);
      const href = attr(canonical[0]!, 'href')!;
      const url = new URL(href);
      expect(url.protocol).toBe('https:');
      expect(url.pathname).toBe(path);
      expect(metaContent(html, 'og:url')).toBe(href);
      expect(metaContent(html, 'og:type')).toBe('website');
      expect(metaContent(html, 'og:locale')).toBe('da_DK');
      expect(metaContent(html, 'og:title')).toBe(titleOf(html));
      expect(metaContent(html, 'og:description')).toBe(metaContent(html, 'description'));
      const image = metaContent(html, 'og:image')!;
      expect(new URL(image).origin).toBe(url.origin);
      expect(metaContent(html, 'og:image:width')).toBe('1200');
      expect(metaContent(html, 'og:image:height')).toBe('630');
      expect(metaContent(html, 'og:image:alt')).toBeTruthy();
      expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
      expect(metaContent(html, 'twitter:title')).toBe(titleOf(html));
      expect(metaContent(html, 'twitter:description')).toBe(metaContent(html, 'description'));
      expect(metaContent(html, 'twitter:image')).toBe(image);
      expect(metaContent(html, 'robots') ?? '').not.toMatch(/noindex/);
    });
  }

  test('the share image exists in the build and is 1200x630', async () => {
    const image = new URL(metaContent(htmlOf('/'), 'og:image')!).pathname;
    const file = join(clientDir, image);
    expect(existsSync(file), file).toBe(true);
    const { width, height, format } = await sharp(file).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
  });

  test('the home page carries AutoWash JSON-LD with the business facts', () => {
    const html = htmlOf('/');
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    const data = JSON.parse(blocks[0]![1]!);
    expect(data['@context']).toBe('https://schema.org');
    expect(data['@type']).toBe('AutoWash');
    expect(data.name).toBe('Glanspunkt');
    expect(data.telephone).toMatch(/^\+45\d{8}$/);
    expect(data.email).toMatch(/@/);
    expect(data.priceRange).toBeTruthy();
    expect(data.address).toMatchObject({
      '@type': 'PostalAddress',
      streetAddress: 'Virkelyst 7B',
      postalCode: '6000',
      addressLocality: 'Kolding',
      addressCountry: 'DK',
    });
    expect(data.geo['@type']).toBe('GeoCoordinates');
    expect(data.geo.latitude).toBeGreaterThan(55);
    expect(data.geo.longitude).toBeGreaterThan(9);
    expect(data.areaServed.map((a: { name: string }) => a.name)).toEqual([
      'Kolding',
      'Vejle',
      'Fredericia',
    ]);
    const hours = data.openingHoursSpecification as Array<{
      dayOfWeek: string[];
      opens: string;
      closes: string;
    }>;
    const day = (name: string) =>
      hours.find((h) => h.dayOfWeek.includes(`https://schema.org/${name}`));
    expect(day('Monday')).toMatchObject({ opens: '09:00', closes: '20:00' });
    expect(day('Thursday')).toMatchObject({ opens: '09:00', closes: '20:00' });
    expect(day('Friday')).toMatchObject({ opens: '08:00', closes: '17:00' });
    expect(day('Saturday')).toMatchObject({ opens: '10:00', closes: '16:00' });
    expect(day('Sunday')).toBeUndefined();
    for (const path of staticPaths.filter((p) => p !== '/')) {
      expect(htmlOf(path), `${path} has no JSON-LD`).not.toContain('application/ld+json');
    }
  });

  test('sitemap.xml lists every route and robots.txt points to it', () => {
    const sitemap = readFileSync(join(clientDir, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc!));
    expect(locs.map((u) => u.pathname)).toEqual([...staticPaths]);
    const canonicalOrigin = new URL(
      attr(
        tags(htmlOf('/'), 'link').find((t) => attr(t, 'rel') === 'canonical')!,
        'href',
      )!,
    ).origin;
    expect(new Set(locs.map((u) => u.origin))).toEqual(new Set([canonicalOrigin]));
    const robots = readFileSync(join(clientDir, 'robots.txt'), 'utf8');
    expect(robots).toMatch(/^User-agent: \*$/m);
    expect(robots).not.toMatch(/^Disallow: \/$/m);
    expect(robots).toContain(`Sitemap: ${canonicalOrigin}/sitemap.xml`);
  });

  test('Netlify and Vercel answer every canonical and sitemap URL of the build with 200, no redirect', () => {
    const files = new Set(allFiles().map((f) => shortName(f).split('\\').join('/')));
    const vercel = JSON.parse(
      readFileSync(join(process.cwd(), 'vercel.json'), 'utf8'),
    ) as VercelConfig;
    const canonicals = staticPaths.map((path) =>
      attr(
        tags(htmlOf(path), 'link').find((t) => attr(t, 'rel') === 'canonical')!,
        'href',
      )!,
    );
    const sitemap = readFileSync(join(clientDir, 'sitemap.xml'), 'utf8');
    const locs = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => loc!);
    for (const url of [...canonicals, ...locs]) {
      const { pathname } = new URL(url);
      expect(netlifyAnswer(pathname, files), `Netlify ${pathname}`).toMatchObject({ status: 200 });
      expect(vercelAnswer(pathname, files, vercel), `Vercel ${pathname}`).toMatchObject({
        status: 200,
      });
    }
  });

  test("/ejer (the owner's tool) is noindex, has no canonical URL, and is in no sitemap or menu", () => {
    const html = htmlOf('/ejer');
    expect(metaContent(html, 'robots')).toMatch(/noindex/);
    expect(tags(html, 'link').filter((t) => attr(t, 'rel') === 'canonical')).toEqual([]);
    expect(staticPaths).not.toContain('/ejer');
    const sitemap = readFileSync(join(clientDir, 'sitemap.xml'), 'utf8');
    expect(sitemap).not.toContain('/ejer');
    // no page links to it: the header's and the footer's navigation leave it out
    for (const path of staticPaths) {
      expect(htmlOf(path), `${path} links to /ejer`).not.toMatch(/href="\/ejer/);
    }
  });

  test('404.html is noindex and has no canonical URL', () => {
    const html = readFileSync(join(clientDir, '404.html'), 'utf8');
    expect(metaContent(html, 'robots')).toMatch(/noindex/);
    expect(tags(html, 'link').filter((t) => attr(t, 'rel') === 'canonical')).toEqual([]);
  });
});

test.describe('SEO as served', () => {
  test('the hydrated home page keeps the prerendered JSON-LD (the bundle carries none of it)', async ({
    page,
    request,
  }) => {
    const prerendered = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(
      await (await request.get('/')).text(),
    )?.[1];
    expect(prerendered).toContain('"@type":"AutoWash"');
    await page.goto('/');
    // hydrated: React has claimed the document (its fiber on <html>)
    await page.waitForFunction(() => {
      const html = document.documentElement;
      return Object.keys(html).some((key) => key.startsWith('__reactFiber'));
    });
    await page.waitForLoadState('networkidle');
    const ld = page.locator('script[type="application/ld+json"]');
    await expect(ld).toHaveCount(1);
    expect(await ld.evaluate((script) => script.innerHTML)).toBe(prerendered);
  });

  test('unknown paths get the noindex page with status 404; routes, sitemap and robots 200', async ({
    request,
  }) => {
    const missing = await request.get('/findes-ikke');
    expect(missing.status()).toBe(404);
    expect(await missing.text()).toMatch(/<meta name="robots" content="noindex"/);
    for (const path of [...staticPaths, '/sitemap.xml', '/robots.txt', '/og-image.png']) {
      expect((await request.get(path)).status(), path).toBe(200);
    }
  });
});
