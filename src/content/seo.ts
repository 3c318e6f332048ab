import type { SiteData } from '../lib/site-data';
import type { IndexedPath } from './site-pages';

/**
 * The title and description of a page, in its content module (`homeSeo` in home.ts, …): with the
 * page, so that each page's first load carries its own texts and no other page's.
 */
export interface PageSeo {
  /** At most 60 characters. */
  title: string;
  /** At most 155 characters; a function when it states facts from the database. */
  description: string | ((data: SiteData) => string);
}

/** An indexed page's path, or the 404 page. */
export type SeoKey = IndexedPath | 'notFound';

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
