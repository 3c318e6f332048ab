import { describe, expect, it } from 'vitest';
import { aboutSeo } from '~/content/about';
import { notFoundSeo } from '~/content/not-found';
import { routeMeta } from '~/lib/meta';
import { resolveSiteUrl } from '~/lib/site-url';

const site = 'https://www.example.dk';

describe('routeMeta', () => {
  it('gives a page its canonical URL, OpenGraph and Twitter tags on the configured site', () => {
    const tags = routeMeta('/about', aboutSeo, site);
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: `${site}/about` });
    expect(tags).toContainEqual({ property: 'og:url', content: `${site}/about` });
    expect(tags).toContainEqual({ property: 'og:image', content: `${site}/og-image.png` });
    expect(tags).toContainEqual({ property: 'og:image:width', content: '1200' });
    expect(tags).toContainEqual({ name: 'twitter:card', content: 'summary_large_image' });
    expect(tags.some((tag) => 'script:ld+json' in tag)).toBe(false);
  });

  it('marks the not-found page noindex without a canonical URL', () => {
    const tags = routeMeta('notFound', notFoundSeo, site);
    expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    expect(tags.some((tag) => 'rel' in tag && tag.rel === 'canonical')).toBe(false);
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
