/**
 * The business as schema.org JSON-LD, in the head of '/' only: with the home page, so that no
 * other page's first load carries it (src/lib/meta.ts, the tags of every page, is in the shell).
 */
import { business } from '~/content/business';
import { homeSeo } from '~/content/home';
import { shareImage } from '~/content/seo';
import { routeMeta, type MetaDescriptor } from '~/lib/meta';
import { absoluteUrl, siteUrl as configuredSiteUrl } from '~/lib/site-url';
import type { PriceRanges } from '~/components/sections/price-ranges';
import { openingHoursLines, priceSpan, type SiteData } from '~/lib/site-data';
import { formatPrice } from '~/lib/format';

/**
 * The meta of '/': routeMeta's tags and the business's JSON-LD. The JSON-LD is for the crawlers
 * that read the prerendered page: React hydrates the script element without comparing or
 * rewriting its inner HTML (as the theme script in root.tsx), so the browser's copy of the page
 * carries an empty object and its bundle none of the code below.
 */
export function homeMeta(
  data: SiteData | undefined,
  ranges: PriceRanges | undefined,
  siteUrl: string = configuredSiteUrl,
): MetaDescriptor[] {
  if (!data) throw new Error('homeMeta: the business JSON-LD needs the site data');
  if (import.meta.env.SSR && !ranges) {
    throw new Error('homeMeta: the business JSON-LD needs the price ranges (the route data of /)');
  }
  return [
    ...routeMeta('/', homeSeo, siteUrl, data),
    { 'script:ld+json': import.meta.env.SSR ? businessJsonLd(siteUrl, data, ranges ?? {}) : {} },
  ];
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

/** The offered packages as an OfferCatalog (name, price in DKK; a range over the car sizes). */
function offerCatalog(data: SiteData, ranges: PriceRanges) {
  return {
    '@type': 'OfferCatalog',
    name: 'Pakker',
    // a package that costs more for a bigger car: its range over the car sizes
    itemListElement: data.services.map((service) => {
      const range = ranges[service.id] ?? { min: service.price, max: service.price };
      return {
        ...(range.max > range.min
          ? { '@type': 'AggregateOffer', lowPrice: String(range.min), highPrice: String(range.max) }
          : { '@type': 'Offer', price: String(service.price) }),
        priceCurrency: 'DKK',
        itemOffered: { '@type': 'Service', name: service.name },
      };
    }),
  };
}

/**
 * The business as schema.org AutoWash (a LocalBusiness): identity from src/content/business.ts,
 * hours and packages from the site data (the database).
 */
export function businessJsonLd(
  siteUrl: string = configuredSiteUrl,
  data: SiteData,
  ranges: PriceRanges,
) {
  // from the cheapest package for an ordinary car to the dearest for the biggest car
  const span = priceSpan(data.services);
  const highest = Math.max(
    0,
    ...data.services.map((service) => ranges[service.id]?.max ?? service.price),
  );
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
    ...(span ? { priceRange: `${formatPrice(span.min)} - ${formatPrice(highest)}` } : {}),
    hasOfferCatalog: offerCatalog(data, ranges),
    currenciesAccepted: 'DKK',
    areaServed: business.serviceArea.map((name) => ({ '@type': 'City', name })),
    foundingDate: String(business.founded.year),
    vatID: `DK${business.cvr}`,
  };
}
