// The pages' business facts: the layout loader reads the packages and opening
// hours through the REST API as anon, as the build does (src/lib/site-data.server.ts). The seeded
// database gives exactly the unit tests' fixture; a price changed or a package switched off through
// the service role shows in the next read; an unreadable source fails with one line, never with old
// numbers. The slug column (services.slug) on PGlite and PostgreSQL 15.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, startTestStack, type TestStack } from '../../local/testing/index.ts';
import { fetchSiteData, SiteDataError } from '../../src/lib/site-data.server.ts';
import { termsSections } from '../../src/content/terms.ts';
import { seededSiteData, seededSiteFacts } from '../../tests/support/site-data.ts';
import { BACKENDS } from './helpers/sql.ts';
import { freePort } from '../../local/net.ts';

describe('site data through the REST API', () => {
  let stack: TestStack;
  const source = () => ({ url: stack.url, key: stack.anonKey });
  const patch = async (filter: string, body: Record<string, unknown>) => {
    const res = await fetch(`${stack.url}/rest/v1/services?${filter}`, {
      method: 'PATCH',
      headers: {
        apikey: stack.serviceRoleKey,
        Authorization: `Bearer ${stack.serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.text()).toBeLessThan(300);
  };

  beforeAll(async () => {
    stack = await startTestStack();
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('gives the seeded packages and hours, exactly the fixture the page tests use', async () => {
    expect(await fetchSiteData(source())).toEqual(seededSiteFacts);
  });

  it('shows a price changed and a package switched off through the service role', async () => {
    await patch('slug=eq.vask-guld', { price: 449 });
    await patch('slug=eq.polering-premium', { is_active: false });
    try {
      const data = await fetchSiteData(source());
      expect(data.services.find((s) => s.slug === 'vask-guld')?.price).toBe(449);
      expect(data.services.map((s) => s.slug)).not.toContain('polering-premium');
      expect(data.services).toHaveLength(5);
    } finally {
      await patch('slug=eq.vask-guld', { price: 399 });
      await patch('slug=eq.polering-premium', { is_active: true });
    }
  });

  it("gives the terms page the booking engine's settings: a change reaches its figures", async () => {
    const setSetting = async (key: string, value: string) => {
      const res = await fetch(`${stack.url}/rest/v1/settings?key=eq.${key}`, {
        method: 'PATCH',
        headers: {
          apikey: stack.serviceRoleKey,
          Authorization: `Bearer ${stack.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ value }),
      });
      expect(res.status, await res.text()).toBeLessThan(300);
    };
    const termsText = (data: Awaited<ReturnType<typeof fetchSiteData>>) =>
      JSON.stringify(termsSections(data));
    const before = await fetchSiteData(source());
    expect(termsText(before)).toContain('indtil 24 timer før');
    expect(termsText(before)).toContain('højst 3 gange pr. booking');
    const changes: [string, string][] = [
      ['cancellation_notice_hours', '48'],
      ['max_moves_per_booking', '1'],
      ['min_advance_booking_days', '2'],
      ['max_advance_booking_days', '30'],
    ];
    for (const [key, value] of changes) await setSetting(key, value);
    try {
      const data = await fetchSiteData(source());
      expect(data.cancellationNoticeHours).toBe(48);
      expect(data.maxMovesPerBooking).toBe(1);
      expect(data.bookingWindowDays).toEqual({ min: 2, max: 30 });
      const text = termsText(data);
      expect(text).toContain('indtil 48 timer før');
      expect(text).not.toContain('24 timer');
      expect(text).toContain('højst 1 gang pr. booking');
      expect(text).toContain('fra 2 dage til 30 dage frem');
      // the engine reads the same rows: its answer for the move limit is the page's figure
      const [row] = await stack.query<{ n: number }>(
        "select public.booking_setting('max_moves_per_booking', 3) as n",
      );
      expect(row!.n).toBe(data.maxMovesPerBooking);
    } finally {
      await setSetting('cancellation_notice_hours', '24');
      await setSetting('max_moves_per_booking', '3');
      await setSetting('min_advance_booking_days', '1');
      await setSetting('max_advance_booking_days', '60');
    }
  });

  it('fails with one line naming the source when it cannot read the data', async () => {
    const port = await freePort();
    const error = await fetchSiteData({
      url: `http://127.0.0.1:${port}`,
      key: stack.anonKey,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SiteDataError);
    expect((error as Error).message).toMatch(
      new RegExp(
        `^cannot read the packages and opening hours from http://127.0.0.1:${port} \\(ECONNREFUSED\\)`,
      ),
    );
    expect((error as Error).message).not.toContain('\n');
    const badKey = await fetchSiteData({ url: stack.url, key: 'nope' }).catch((e: unknown) => e);
    expect((badKey as Error).message).toMatch(/answered 401/);
  });
});

describe.each(BACKENDS)('services.slug on %s', (backend) => {
  let t: Awaited<ReturnType<typeof createTestDatabase>>;
  beforeAll(async () => {
    t = await createTestDatabase({ backend });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('seeds the six stable slugs', async () => {
    const rows = await t.query<{ slug: string }>(
      'select slug from public.services order by sort_order',
    );
    expect(rows.map((r) => r.slug)).toEqual(seededSiteData.services.map((s) => s.slug));
  });

  it('makes a slug from the name of a package added without one, and keeps slugs unique', async () => {
    const [row] = await t.query<{ slug: string }>(
      "insert into public.services (name, category, duration_minutes, price) values ('Æg & Øl på Åen', 'special', 60, 1) returning slug",
    );
    expect(row!.slug).toBe('aeg-oel-paa-aaen');
    await expect(
      t.query(
        "insert into public.services (name, slug, category, duration_minutes, price) values ('Andet navn', 'vask-guld', 'vask', 60, 1)",
      ),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      t.query("update public.services set slug = 'Ikke Gyldig' where slug = 'vask-guld'"),
    ).rejects.toMatchObject({ code: '23514' });
    await t.query("delete from public.services where slug = 'aeg-oel-paa-aaen'");
  });
});
