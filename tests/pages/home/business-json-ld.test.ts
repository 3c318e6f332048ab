import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeSeo } from '~/content/home';
import { routeMeta } from '~/lib/meta';
import type { SiteData } from '~/lib/site-data';
import { seededSiteData } from '../../support/site-data';
import { businessJsonLd, homeMeta, openingHoursSpecification } from '~/pages/home/business-json-ld';

const site = 'https://www.example.dk';

describe('homeMeta', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('adds the business JSON-LD on the home page only', () => {
    // the prerender's render (the JSON-LD is written there, for the crawlers)
    vi.stubEnv('SSR', true);
    const tags = homeMeta(seededSiteData, site);
    expect(tags.filter((tag) => 'script:ld+json' in tag)).toEqual([
      { 'script:ld+json': businessJsonLd(site, seededSiteData) },
    ]);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${site}/` });
    expect(routeMeta('/', homeSeo, site).some((tag) => 'script:ld+json' in tag)).toBe(false);
  });

  it('leaves the JSON-LD empty in the browser (the prerendered one stays: e2e/seo.spec.ts)', () => {
    vi.stubEnv('SSR', false);
    expect(homeMeta(seededSiteData, site).filter((tag) => 'script:ld+json' in tag)).toEqual([
      { 'script:ld+json': {} },
    ]);
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
      carSizes: seededSiteData.carSizes,
      addons: seededSiteData.addons,
    };
    const ld = businessJsonLd(site, data);
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
    const single = businessJsonLd(site, {
      ...data,
      services: data.services.map((s) => ({ ...s, sizePrices: [] })),
    });
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
    expect(businessJsonLd(site, seededSiteData).foundingDate).toBe('2024');
  });

  it('refuses to build the home page JSON-LD without the site data', () => {
    expect(() => homeMeta(undefined, site)).toThrow(/site data/);
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
