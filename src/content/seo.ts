import { fromPricesSentence, type SiteData } from '~/lib/site-data';
import { business } from './business';
/** Title and description of every page, keyed by path, and the shared social-sharing image. */
export interface PageSeo {
  /** At most 60 characters. */
  title: string;
  /** At most 155 characters; a function when it states facts from the database. */
  description: string | ((data: SiteData) => string);
}

export const pageSeo = {
  '/': {
    title: 'Glanspunkt – bilpleje og detailing i Kolding',
    description:
      'Bilvask, polering, nano-keramisk coating og fælgbehandling i eget værksted i Kolding. Book din tid online.',
  },
  '/services': {
    title: 'Tjenester og priser – Glanspunkt Kolding',
    description: (data: SiteData) =>
      `${fromPricesSentence(data.services)} Se priser, indhold og varighed, og book online.`.trim(),
  },
  '/about': {
    title: 'Om os – Glanspunkt Kolding',
    description:
      'Lokal bilpleje i Kolding siden august 2024. Mød virksomheden, vores værdier og få svar på ofte stillede spørgsmål.',
  },
  '/vores-arbejde': {
    title: 'Vores arbejde – Glanspunkt Kolding',
    description:
      'Se billeder og videoer af vores polering, nano-coating, fælgbehandling og bilvask.',
  },
  '/contact': {
    title: 'Kontakt og booking – Glanspunkt Kolding',
    description: `Ring, skriv eller book din tid online. Vi svarer inden for ${business.replyWithinHours} timer på hverdage.`,
  },
  '/privatlivspolitik': {
    title: 'Privatlivspolitik – Glanspunkt Kolding',
    description:
      'Sådan behandler Glanspunkt dine personoplysninger, når du kontakter os eller booker en tid.',
  },
  notFound: {
    title: 'Siden findes ikke – Glanspunkt',
    description: 'Siden, du leder efter, findes ikke.',
  },
} satisfies Record<string, PageSeo>;

export type SeoKey = keyof typeof pageSeo;

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
