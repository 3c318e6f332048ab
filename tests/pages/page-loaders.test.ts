import { describe, expect, it, vi } from 'vitest';
import { pageList } from '~/content/site-pages';
import { siteDataFrom } from '~/lib/site-data';
import { seededSiteFacts } from '../support/site-data';
import { PAGE_DATA } from './render-route';

// the build's facts, as loadSiteFacts reads them from the seeded database
vi.mock('~/lib/site-data.server', async (importOriginal) => ({
  ...(await importOriginal<typeof import('~/lib/site-data.server')>()),
  loadSiteFacts: () => Promise.resolve(seededSiteFacts),
}));

const pageModules = import.meta.glob<{ loader?: () => Promise<unknown> }>('/src/pages/*.tsx');

describe('the route data of each page', () => {
  it.each(pageList().map((p) => [p.path, p.page] as const))(
    '%s: the page tests render with what its loader writes',
    async (path, page) => {
      const load = pageModules[`/src/pages/${page}.tsx`];
      expect(load, `src/pages/${page}.tsx`).toBeDefined();
      const { loader } = await load!();
      expect(loader ? await loader() : undefined).toEqual(PAGE_DATA[path]?.(seededSiteFacts));
    },
  );

  it('leaves the job catalogue out of the layout: only the pages that sell a job carry it', async () => {
    const { loader } = await import('~/app/layout/site-layout');
    const layout = await loader();
    expect(layout).toEqual(siteDataFrom(seededSiteFacts));
    expect(Object.keys(layout)).not.toContain('carSizes');
    expect(Object.keys(layout)).not.toContain('addons');
    expect(JSON.stringify(layout)).not.toContain('stor-bil');
    const carriers = pageList()
      .filter(
        (p) =>
          PAGE_DATA[p.path] && 'jobCatalogue' in (PAGE_DATA[p.path]!(seededSiteFacts) as object),
      )
      .map((p) => p.path);
    expect(carriers).toEqual(['/services', '/contact']);
  });
});
