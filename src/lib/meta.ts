import { business } from '~/content/business';
import { pageSeo, seoDefaults, shareImage, type SeoKey } from '~/content/seo';
import { absoluteUrl, siteUrl as configuredSiteUrl } from '~/lib/site-url';

/** One entry of React Router's `meta` export (title, meta, link or JSON-LD descriptor). */
export type MetaDescriptor =
  | { title: string }
  | { name: string; content: string }
  | { property: string; content: string }
  | { tagName: 'link'; rel: string; href: string }
  | { 'script:ld+json': Record<string, unknown> };

/**
 * The <title>, description, canonical URL, OpenGraph and Twitter tags of one page (and on '/' the
 * business's JSON-LD), in the shape React Router's `meta` export returns.
 */
export function routeMeta(key: SeoKey, siteUrl: string = configuredSiteUrl): MetaDescriptor[] {
  const seo = pageSeo[key];
  const image = absoluteUrl(siteUrl, shareImage.path);
  const tags: MetaDescriptor[] = [
    { title: seo.title },
    { name: 'description', content: seo.description },
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
    { property: 'og:description', content: seo.description },
    { property: 'og:image', content: image },
    { property: 'og:image:type', content: shareImage.type },
    { property: 'og:image:width', content: String(shareImage.width) },
    { property: 'og:image:height', content: String(shareImage.height) },
    { property: 'og:image:alt', content: shareImage.alt },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: seo.title },
    { name: 'twitter:description', content: seo.description },
    { name: 'twitter:image', content: image },
    { name: 'twitter:image:alt', content: shareImage.alt },
  );
  if (key === '/') tags.push({ 'script:ld+json': businessJsonLd(siteUrl) });
  return tags;
}

const weekdays = [
  ['mandag', 'Monday'],
  ['tirsdag', 'Tuesday'],
  ['onsdag', 'Wednesday'],
  ['torsdag', 'Thursday'],
  ['fredag', 'Friday'],
  ['lørdag', 'Saturday'],
  ['søndag', 'Sunday'],
] as const;

function weekdayIndex(danish: string): number {
  const index = weekdays.findIndex(([da]) => da === danish.trim().toLowerCase());
  if (index < 0) throw new Error(`Unknown weekday in business.openingHours: ${danish}`);
  return index;
}

/**
 * schema.org openingHoursSpecification from the shown opening hours ('Mandag - Torsdag',
 * '09:00 - 20:00'); lines whose hours are not a time span (e.g. 'Lukket') are closed days.
 */
export function openingHoursSpecification(lines: ReadonlyArray<{ days: string; hours: string }>) {
  return lines.flatMap(({ days, hours }) => {
    const times = /^(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})$/.exec(hours.trim());
    if (!times) return [];
    const [first, last = first] = days.split('-') as [string, string?];
    const from = weekdayIndex(first);
    const to = weekdayIndex(last);
    return [
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: weekdays.slice(from, to + 1).map(([, en]) => `https://schema.org/${en}`),
        opens: times[1],
        closes: times[2],
      },
    ];
  });
}

/** The business as schema.org AutoWash (a LocalBusiness), from src/content/business.ts. */
export function businessJsonLd(siteUrl: string = configuredSiteUrl) {
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
    openingHoursSpecification: openingHoursSpecification(business.openingHours),
    priceRange: business.priceRange,
    currenciesAccepted: 'DKK',
    areaServed: business.serviceArea.map((name) => ({ '@type': 'City', name })),
    foundingDate: String(business.foundedYear),
    vatID: `DK${business.cvr}`,
  };
}
