import { aboutSeo } from '~/content/about';
import { contactSeo } from '~/content/contact-page';
import { homeSeo } from '~/content/home';
import { notFoundSeo } from '~/content/not-found';
import { portfolioSeo } from '~/content/portfolio';
import { privacySeo } from '~/content/privacy';
import type { PageSeo, SeoKey } from '~/content/seo';
import { servicesSeo } from '~/content/services-page';
import { termsSeo } from '~/content/terms';

/**
 * Every page's title and description, each from its content module. `satisfies` makes the type
 * check fail when a page is added to the route table without an entry here.
 */
export const pageSeos = {
  '/': homeSeo,
  '/services': servicesSeo,
  '/about': aboutSeo,
  '/vores-arbejde': portfolioSeo,
  '/contact': contactSeo,
  '/privatlivspolitik': privacySeo,
  '/handelsbetingelser': termsSeo,
  notFound: notFoundSeo,
} as const satisfies Record<SeoKey, PageSeo>;
