// Rebuild on change: a change to services, opening_hours or settings calls the static
// host's build hook (Vault secret site_build_hook_url) through pg_net, at most once a minute; a
// change within the minute is sent by the site-rebuild job once the minute has passed. Once a year,
// on the first day of the founding month, the site-rebuild-anniversary job asks for a build too:
// the pages state the workshop's age as of their build (src/content/founding.ts).
//
// pg_net and Supabase Vault are not packaged for Debian (nor in PGlite): the test database, and only
// it, gets stand-ins (local/testing/fixtures/hosted-stand-ins.sql) whose net.http_post records each
// call in net.recorded_calls instead of sending it. "A minute later" is simulated by moving the
// recorded time of the last call back, since now() is the transaction's time.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { business } from '../../src/content/business.ts';
import {
  installHostedStandIns,
  type Backend,
  type TestDatabase,
} from '../../local/testing/index.ts';
import { SERVICE } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const HOOK = 'https://api.netlify.com/build_hooks/6543210fedcba';

async function hookCalls(t: TestDatabase): Promise<{ url: string; body: unknown }[]> {
  return t.query<{ url: string; body: unknown }>(
    'select url, body from net.recorded_calls where url = $1 order by id',
    [HOOK],
  );
}

/** Pretends the last call was made `seconds` ago. */
async function ageLastCall(t: TestDatabase, seconds: number): Promise<void> {
  await t.query(
    `update public.site_rebuild
        set requested_at = requested_at - make_interval(secs => $1),
            pending_since = pending_since - make_interval(secs => $1)`,
    [seconds],
  );
}

const changes = {
  price: (t: TestDatabase, price: number) =>
    t.query('update public.services set price = $2 where id = $1', [SERVICE.guld, price]),
  hours: (t: TestDatabase) =>
    t.query("update public.opening_hours set closes_at = '17:30' where weekday = 1"),
  setting: (t: TestDatabase) =>
    t.query("update public.settings set value = value where key = 'slot_interval_minutes'"),
};

for (const backend of ['pglite', 'postgres'] as Backend[]) {
  describe(`site rebuild hook (${backend})`, () => {
    const t = useTestDatabase({ backend });
    beforeAll(async () => {
      await installHostedStandIns(t.db);
    });
    beforeEach(async () => {
      await t.query('delete from net.recorded_calls');
      await t.query('delete from vault.secrets');
      await t.query(
        'update public.site_rebuild set requested_at = null, requested_xact = null, pending_since = null, last_error = null',
      );
      await t.query("select vault.create_secret($1, 'site_build_hook_url')", [HOOK]);
    });

    it('several changes within a minute call the hook once', async () => {
      await changes.price(t, 449);
      await changes.price(t, 459);
      await changes.hours(t);
      await changes.setting(t);
      await changes.price(t, 399);
      const calls = await hookCalls(t);
      expect(calls).toEqual([{ url: HOOK, body: {} }]);
      const [state] = await t.query<{ pending: boolean }>(
        'select pending_since is not null as pending from public.site_rebuild',
      );
      expect(state?.pending).toBe(true);
    });

    it('the changes after the first call are built once the minute has passed (site-rebuild job)', async () => {
      await changes.price(t, 449);
      await changes.price(t, 459);
      expect(await hookCalls(t)).toHaveLength(1);
      // still within the minute: the job waits
      await t.query('select public.site_rebuild_flush()');
      expect(await hookCalls(t)).toHaveLength(1);
      await ageLastCall(t, 61);
      const [flushed] = await t.query<{ called: boolean }>(
        'select public.site_rebuild_flush() as called',
      );
      expect(flushed?.called).toBe(true);
      expect(await hookCalls(t)).toHaveLength(2);
      // nothing pending any more: the next runs call nothing
      await ageLastCall(t, 61);
      await t.query('select public.site_rebuild_flush()');
      expect(await hookCalls(t)).toHaveLength(2);
    });

    it('the yearly run (site-rebuild-anniversary) asks for a build as a change does', async () => {
      const called = async () =>
        (
          await t.query<{ called: boolean }>('select public.site_rebuild_anniversary() as called')
        )[0]?.called;
      // nothing changed: the pages' age still needs a new build
      expect(await called()).toBe(true);
      expect(await hookCalls(t)).toEqual([{ url: HOOK, body: {} }]);
      // within the minute of another call it waits for the minute's run, and is not lost
      await ageLastCall(t, 61);
      await changes.price(t, 449);
      expect(await called()).toBe(false);
      expect(await hookCalls(t)).toHaveLength(2);
      await ageLastCall(t, 61);
      await t.query('select public.site_rebuild_flush()');
      expect(await hookCalls(t)).toHaveLength(3);
    });

    it('a change after a quiet minute calls the hook at once', async () => {
      await changes.price(t, 449);
      await ageLastCall(t, 60);
      await changes.hours(t);
      expect(await hookCalls(t)).toHaveLength(2);
    });

    it('one transaction changing all three tables calls once and leaves nothing pending', async () => {
      await t.db.transaction(async (tx) => {
        await tx.query('update public.services set price = price + 1 where id = $1', [
          SERVICE.solv,
        ]);
        await tx.query("update public.opening_hours set closes_at = '17:00' where weekday = 2");
        await tx.query(
          "update public.settings set value = '15' where key = 'slot_interval_minutes'",
        );
        await tx.query(
          "update public.settings set value = '30' where key = 'slot_interval_minutes'",
        );
      });
      expect(await hookCalls(t)).toHaveLength(1);
      const [state] = await t.query<{ pending: boolean }>(
        'select pending_since is not null as pending from public.site_rebuild',
      );
      expect(state?.pending).toBe(false);
    });

    it('a change that is rolled back starts no build', async () => {
      await t.db
        .transaction(async (tx) => {
          await tx.query('update public.services set price = 1 where id = $1', [SERVICE.guld]);
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      expect(await hookCalls(t)).toHaveLength(0);
    });

    it('without a hook URL in Vault the change is saved and nothing is called', async () => {
      await t.query('delete from vault.secrets');
      await changes.price(t, 449);
      // numeric: the driver reads it as its exact text
      const [row] = await t.query<{ price: string }>(
        'select price from public.services where id = $1',
        [SERVICE.guld],
      );
      expect(row?.price).toBe('449');
      expect(await t.query('select * from net.recorded_calls')).toHaveLength(0);
    });

    it('a hook that is not an https URL is refused with a Danish error, the change is saved', async () => {
      await t.query('delete from vault.secrets');
      await t.query("select vault.create_secret('http://example.com/hook', 'site_build_hook_url')");
      await changes.price(t, 449);
      expect(await t.query('select * from net.recorded_calls')).toHaveLength(0);
      const [state] = await t.query<{ last_error: string }>(
        'select last_error from public.site_rebuild',
      );
      expect(state?.last_error).toMatch(/ikke en https-adresse/);
    });

    it('a failing pg_net call never blocks the change; the error is recorded', async () => {
      await t.query(`create or replace function net.http_post(
          url text, body jsonb default '{}', params jsonb default '{}',
          headers jsonb default '{}', timeout_milliseconds integer default 5000)
        returns bigint language plpgsql as $$ begin raise exception 'queue full'; end $$`);
      try {
        await changes.price(t, 449);
        const [state] = await t.query<{ last_error: string; requested: boolean }>(
          'select last_error, requested_at is not null as requested from public.site_rebuild',
        );
        expect(state).toEqual({
          last_error: 'Byggekrogen kunne ikke kaldes: queue full',
          requested: false,
        });
      } finally {
        await installHostedStandIns(t.db);
      }
    });
  });
}

describe('site rebuild schedule (PostgreSQL 15 with pg_cron)', () => {
  const t = useTestDatabase({ backend: 'postgres', cron: true });

  it('the site-rebuild job runs every minute', async () => {
    const rows = await t.query<{ schedule: string; command: string }>(
      "select schedule, command from cron.job where jobname = 'site-rebuild'",
    );
    expect(rows).toEqual([
      { schedule: '* * * * *', command: 'select public.site_rebuild_flush();' },
    ]);
  });

  it('the site-rebuild-anniversary job runs on the first day of the founding month of business.ts', async () => {
    const rows = await t.query<{ schedule: string; command: string }>(
      "select schedule, command from cron.job where jobname = 'site-rebuild-anniversary'",
    );
    // 00:05 UTC is past midnight in Copenhagen, in summer (+2) and winter (+1) time alike
    expect(rows).toEqual([
      {
        schedule: `5 0 1 ${business.founded.month} *`,
        command: 'select public.site_rebuild_anniversary();',
      },
    ]);
  });
});
