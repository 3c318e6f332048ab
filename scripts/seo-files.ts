/** sitemap.xml and robots.txt of the site, from the route table and the site URL. */
import { escapeHtml as escapeXml } from '../supabase/functions/_shared/escape-html';
import { absoluteUrl } from '../src/lib/site-url';

export function renderSitemapXml(siteUrl: string, paths: readonly string[]): string {
  const urls = paths.map(
    (path) =>
      `  <url>\n    <loc>${escapeXml(absoluteUrl(siteUrl, path))}</loc>\n    <priority>${path === '/' ? '1.0' : '0.8'}</priority>\n  </url>`,
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n');
}

export function renderRobotsTxt(siteUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    '',
    `Sitemap: ${absoluteUrl(siteUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}
