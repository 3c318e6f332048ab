// /ejer in the route table: prerendered like every page, but not indexed, not in the sitemap and
// in no menu; its meta says noindex.
import { describe, expect, it } from 'vitest';
import { footerQuickLinks, mainNav } from '~/content/navigation';
import { indexedPaths, pageList, sitePages } from '~/content/site-pages';
import { meta } from '~/pages/owner';

describe("the owner's page in the route table", () => {
  it('is a page of the table (prerendered), and not an indexed one (sitemap, SEO checks)', () => {
    expect(pageList()).toContainEqual({ path: '/ejer', owner: true, page: 'owner' });
    expect(indexedPaths()).not.toContain('/ejer');
  });

  it('is in no navigation, and not in the table the navigation carries into every page', () => {
    expect([...mainNav, ...footerQuickLinks].map((l) => l.to)).not.toContain('/ejer');
    expect(Object.values(sitePages).map((p) => p.path)).not.toContain('/ejer');
  });

  it('tells search engines not to index or follow it, and sends no Referer', () => {
    expect(meta()).toEqual(
      expect.arrayContaining([
        { name: 'robots', content: 'noindex, nofollow' },
        { name: 'referrer', content: 'no-referrer' },
      ]),
    );
    expect(meta()).toContainEqual({ title: 'Dagens biler – Glanspunkt' });
  });
});
