import { business } from '~/content/business';
import { pageSeo, seoDefaults, shareImage, type SeoKey } from '~/content/seo';
import { absoluteUrl, siteUrl as configuredSiteUrl } from '~/lib/site-url';
import { openingHoursLines, priceSpan, type SiteData } from '~/lib/site-data';
import { formatPrice } from '~/lib/format';

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
 * The <title>, description, canonical URL, OpenGraph and Twitter tags of one page (and on '/' the
 * business's JSON-LD), in the shape React Router's `meta` export returns.
 */
export function routeMeta(
  key: SeoKey,
  siteUrl: string = configuredSiteUrl,
  data?: SiteData,
): MetaDescriptor[] {
  const seo = pageSeo(key);
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
  if (key === '/') {
    if (!data) throw new Error("routeMeta('/'): the business JSON-LD needs the site data");
    tags.push({ 'script:ld+json': businessJsonLd(siteUrl, data) });
  }
  return tags;
}

const SCHEMA_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** schema.org openingHoursSpecification from the opening hours (closed days are left out). */
export function openingHoursSpecification(days: SiteData['openingHours']) {
  return openingHoursLines(days).flatMap((line) =>
    line.opensAt && line.closesAt
      ? [
          {
            '@type': 'OpeningHoursSpecification',
            dayOfWeek: line.weekdays.map((d) => `https://schema.org/${SCHEMA_DAYS[d - 1]}`),
            opens: line.opensAt,
            closes: line.closesAt,
          },
        ]
      : [],
  );
}

/** The offered packages as an OfferCatalog (name, price in DKK). */
function offerCatalog(data: SiteData) {
  return {
    '@type': 'OfferCatalog',
    name: 'Pakker',
    itemListElement: data.services.map((service) => ({
      '@type': 'Offer',
      price: String(service.price),
      priceCurrency: 'DKK',
      itemOffered: { '@type': 'Service', name: service.name },
    })),
  };
}

/**
 * The business as schema.org AutoWash (a LocalBusiness): identity from src/content/business.ts,
 * hours and packages from the site data (the database).
 */
export function businessJsonLd(siteUrl: string = configuredSiteUrl, data: SiteData) {
  const span = priceSpan(data.services);
  return {
    '@context': 'https://schema.org',
    '@type': 'AutoWash',
    '@id': `${absoluteUrl(siteUrl, '/')}#business`,
    name: business.name,
    description: business.blurb,
    url: absoluteUrl(siteUrl, '/'),
    image: absoluteUrl(siteUrl, shareImage.path),
    telephone: business.phone.e164,
    email: business.email,
    address: {
      '@type': 'PostalAddress',
      streetAddress: business.address.street,
      postalCode: business.address.postalCode,
      addressLocality: business.address.city,
      addressCountry: business.address.country,
    },
    geo: {
      '@type': 'GeoCoordinates',
      latitude: business.geo.latitude,
      longitude: business.geo.longitude,
    },
    openingHoursSpecification: openingHoursSpecification(data.openingHours),
    ...(span ? { priceRange: `${formatPrice(span.min)} - ${formatPrice(span.max)}` } : {}),
    hasOfferCatalog: offerCatalog(data),
    currenciesAccepted: 'DKK',
    areaServed: business.serviceArea.map((name) => ({ '@type': 'City', name })),
    foundingDate: String(business.foundedYear),
    vatID: `DK${business.cvr}`,
  };
}
