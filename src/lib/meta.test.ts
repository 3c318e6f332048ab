import { describe, expect, it } from 'vitest';
import { businessJsonLd, homeMeta, openingHoursSpecification } from './business-json-ld';
import { routeMeta } from './meta';
import { resolveSiteUrl } from './site-url';
import type { SiteData } from './site-data';
import { seededSiteData } from '../../tests/support/site-data';

const site = 'https://www.example.dk';

describe('routeMeta', () => {
  it('gives a page its canonical URL, OpenGraph and Twitter tags on the configured site', () => {
    const tags = routeMeta('/about', site);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${site}/about` });
    expect(tags).toContainEqual({ property: 'og:url', content: `${site}/about` });
    expect(tags).toContainEqual({ property: 'og:image', content: `${site}/og-image.png` });
    expect(tags).toContainEqual({ property: 'og:image:width', content: '1200' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(tags.some((tag) => 'script:ld+json' in tag)).toBe(false);
  });

  it('adds the business JSON-LD on the home page only', () => {
    const tags = homeMeta(seededSiteData, site);
    expect(tags.filter((tag) => 'script:ld+json' in tag)).toEqual([
      { 'script:ld+json': businessJsonLd(site, seededSiteData) },
    ]);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${site}/` });
    expect(routeMeta('/', site).some((tag) => 'script:ld+json' in tag)).toBe(false);
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
    };
    const ld = businessJsonLd(site, data);
    expect(ld.priceRange).toBe('199 kr. - 2.400 kr.');
    const offers = ld.hasOfferCatalog.itemListElement;
    expect(offers).toContainEqual({
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

  it('refuses to build the home page JSON-LD without the site data', () => {
    expect(() => homeMeta(undefined, site)).toThrow(/site data/);
  });

  it('marks the not-found page noindex without a canonical URL', () => {
    const tags = routeMeta('notFound', site);
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags.some((tag) => 'rel' in tag && tag.rel === 'canonical')).toBe(false);
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

describe('resolveSiteUrl', () => {
  it('uses VITE_SITE_URL without a trailing slash, else the placeholder', () => {
    expect(resolveSiteUrl({ VITE_SITE_URL: 'https://www.glanspunkt.dk/' })).toBe(
      'https://www.glanspunkt.dk',
    );
    expect(resolveSiteUrl({})).toBe('https://www.glanspunkt.example');
    expect(() => resolveSiteUrl({ VITE_SITE_URL: 'ftp://x' })).toThrow();
  });
});
