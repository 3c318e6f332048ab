import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeSeo } from '~/content/home';
import { routeMeta } from '~/lib/meta';
import type { SiteData } from '~/lib/site-data';
import { priceRangesOf } from '~/components/sections/price-ranges';
import { seededJobCatalogue, seededSiteData } from '../../support/site-data';
import { businessJsonLd, homeMeta, openingHoursSpecification } from '~/pages/home/business-json-ld';

const site = 'https://www.example.dk';
/** The seed's price ranges, as the route data of / has them. */
const ranges = priceRangesOf(seededSiteData.services, seededJobCatalogue.sizePrices);

describe('homeMeta', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('adds the business JSON-LD on the home page only', () => {
    // the prerender's render (the JSON-LD is written there, for the crawlers)
    vi.stubEnv('SSR', true);
    const tags = homeMeta(seededSiteData, ranges, site);
    expect(tags.filter((tag) => 'script:ld+json' in tag)).toEqual([
      { 'script:ld+json': businessJsonLd(site, seededSiteData, ranges) },
    ]);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${site}/` });
    expect(routeMeta('/', homeSeo, site).some((tag) => 'script:ld+json' in tag)).toBe(false);
  });

  it('leaves the JSON-LD empty in the browser (the prerendered one stays: e2e/seo.spec.ts)', () => {
    vi.stubEnv('SSR', false);
    expect(
      homeMeta(seededSiteData, undefined, site).filter((tag) => 'script:ld+json' in tag),
    ).toEqual([{ 'script:ld+json': {} }]);
  });

  it('takes the price range, the offers and the hours of the JSON-LD from the site data', () => {
    const data: SiteData = {
      services: seededSiteData.services
        .filter((s) => s.slug !== 'polering-premium')
        .map((s) => (s.slug === 'vask-guld' ? { ...s, price: 449 } : s)),
      openingHours: seededSiteData.openingHours.map((d) =>
        d.weekday === 6 ? { ...d, closesAt: '14:00' } : d,
      ),
      cancellationNoticeHours: 24,
      maxMovesPerBooking: 3,
      bookingWindowDays: { min: 1, max: 60 },
    };
    const ld = businessJsonLd(
      site,
      data,
      priceRangesOf(data.services, seededJobCatalogue.sizePrices),
    );
    // the cheapest package for an ordinary car to the dearest for a van
    expect(ld.priceRange).toBe('199 kr. - 3.400 kr.');
    const offers = ld.hasOfferCatalog.itemListElement;
    expect(offers).toContainEqual({
      '@type': 'AggregateOffer',
      lowPrice: '449',
      highPrice: '599',
      priceCurrency: 'DKK',
      itemOffered: { '@type': 'Service', name: 'Guldpakken' },
    });
    // a package without size prices is one price
    const single = businessJsonLd(site, data, priceRangesOf(data.services, {}));
    expect(single.hasOfferCatalog.itemListElement).toContainEqual({
      '@type': 'Offer',
      price: '449',
      priceCurrency: 'DKK',
      itemOffered: { '@type': 'Service', name: 'Guldpakken' },
    });
    expect(offers.map((o) => o.itemOffered.name)).not.toContain('Premiumpakken polering');
    expect(ld.openingHoursSpecification).toContainEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: ['https://schema.org/Saturday'],
      opens: '10:00',
      closes: '14:00',
    });
  });

  it('states the founding year of business.ts', () => {
    expect(businessJsonLd(site, seededSiteData, ranges).foundingDate).toBe('2024');
  });

  it('refuses to build the home page JSON-LD without the site data or the price ranges', () => {
    expect(() => homeMeta(undefined, ranges, site)).toThrow(/site data/);
    vi.stubEnv('SSR', true);
    expect(() => homeMeta(seededSiteData, undefined, site)).toThrow(/price ranges/);
  });
});

describe('openingHoursSpecification', () => {
  it('groups equal days, expands day ranges and skips closed days', () => {
    expect(openingHoursSpecification(seededSiteData.openingHours)).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday'].map(
          (d) => `https://schema.org/${d}`,
        ),
        opens: '09:00',
        closes: '20:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Friday'],
        opens: '08:00',
        closes: '17:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Saturday'],
        opens: '10:00',
        closes: '16:00',
      },
    ]);
  });
});
