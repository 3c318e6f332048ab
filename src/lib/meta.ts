import { seoDefaults, shareImage, type PageSeo, type SeoKey } from '~/content/seo';
import { absoluteUrl, siteUrl as configuredSiteUrl } from '~/lib/site-url';
import type { SiteData } from '~/lib/site-data';

/** One entry of React Router's `meta` export (title, meta, link or JSON-LD descriptor). */
export type MetaDescriptor =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string }
  | { 'script:ld+json': Record<string, unknown> };

function seoDescription(
  description: string | ((data: SiteData) => string),
  data: SiteData | undefined,
  key: string,
): string {
  if (typeof description === 'string') return description;
  if (!data) throw new Error(`routeMeta('${key}'): the description needs the site data`);
  return description(data);
}

/**
 * The <title>, description, canonical URL, OpenGraph and Twitter tags of one page, in the shape
 * React Router's `meta` export returns ('/' adds the business's JSON-LD: homeMeta in
 * business-json-ld.ts).
 */
export function routeMeta(
  key: SeoKey,
  seo: PageSeo,
  siteUrl: string = configuredSiteUrl,
  data?: SiteData,
): MetaDescriptor[] {
  const description = seoDescription(seo.description, data, key);
  const image = absoluteUrl(siteUrl, shareImage.path);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: description },
  ];
  if (key === 'notFound') {
    tags.push({ name: 'robots', content: 'noindex' });
  } else {
    const url = absoluteUrl(siteUrl, key);
    tags.push(
      { tagName: 'link', rel: 'canonical', href: url },
      { property: 'og:url', content: url },
    );
  }
  tags.push(
    { property: 'og:type', content: 'website' },
    { property: 'og:site_name', content: seoDefaults.siteName },
    { property: 'og:locale', content: seoDefaults.locale },
    { property: 'og:title', content: seo.title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: shareImage.type },
    { property: 'og:image:width', content: String(shareImage.width) },
    { property: 'og:image:height', content: String(shareImage.height) },
    { property: 'og:image:alt', content: shareImage.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: shareImage.alt },
  );
  return tags;
}
