import { sitePages, type IndexedPath, type PageSeo } from './site-pages';

export type { PageSeo };

/** The 404 page's title and description (every other page's stand in the route table). */
export const notFoundSeo: PageSeo = {
  title: 'Siden findes ikke – Glanspunkt',
  description: 'Siden, du leder efter, findes ikke.',
};

/** An indexed page's path, or the 404 page. */
export type SeoKey = IndexedPath | 'notFound';

/** Title and description of a page: its entry in the route table (src/content/site-pages.ts). */
export function pageSeo(key: SeoKey): PageSeo {
  if (key === 'notFound') return notFoundSeo;
  return Object.values(sitePages).find((p) => p.path === key) as PageSeo;
}

/** The image shown when a page is shared (public/og-image.png, made by scripts/og-image.ts). */
export const shareImage = {
  path: '/og-image.png',
  width: 1200,
  height: 630,
  type: 'image/png',
  alt: 'Glanspunkt – professionel bilpleje og detailing i Kolding',
  /** The texts drawn on the image. */
  heading: 'Glanspunkt',
  subheading: 'Bilpleje og detailing i Kolding',
  footer: 'Vask · Polering · Nano-keramisk coating · Fælge',
} as const;

export const seoDefaults = {
  locale: 'da_DK',
  siteName: 'Glanspunkt',
} as const;
