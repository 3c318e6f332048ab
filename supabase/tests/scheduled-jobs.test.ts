// The schedules of supabase/migrations/20261126000100_scheduled_jobs.sql (and of
// 20261129111538_site_rebuild_anniversary.sql, which adds the site's yearly rebuild).
//
// On PostgreSQL 15 with Debian's postgresql-15-cron preloaded (as on hosted Supabase): the jobs exist
// once with the right schedules and commands, running the migration again duplicates nothing, and
// each job's command reaches its target. pg_net and Supabase Vault are not packaged for Debian, so
// the test database (and only it) gets stand-ins from local/testing/fixtures/hosted-stand-ins.sql:
// a plain-text vault and a net.http_post that records its calls instead of sending them.
//
// On PGlite (no pg_cron) the migration creates no schedule and the rest of the schema still works.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { AS_POSTGRES, listMigrations, defaultSupabaseDir } from '../../local/db/migrate.ts';
import { installHostedStandIns, type TestDatabase } from '../../local/testing/index.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const MIGRATION = listMigrations(defaultSupabaseDir()).find((m) =>
  path.basename(m.file).endsWith('_scheduled_jobs.sql'),
)!;

/** The schedules docs/emails.md promises (pg_cron works in UTC). */
const EXPECTED_JOBS = [
  {
    jobname: 'process-email-outbox',
    schedule: '* * * * *',
    command: "select public.call_edge_function('process-email-outbox');",
  },
  {
    jobname: 'email-reminders',
    schedule: '*/15 * * * *',
    command: 'select public.email_queue_reminders();',
  },
  { jobname: 'run-retention', schedule: '17 2 * * *', command: 'select public.run_retention();' },
  // 05:00 and 06:00 UTC are 07:00 Copenhagen in summer and in winter; the function decides
  {
    jobname: 'owner-agenda',
    schedule: '0 5,6 * * *',
    command: 'select public.queue_owner_agenda();',
  },
  // the site rebuild's schedule (tested in site-rebuild.test.ts)
  {
    jobname: 'site-rebuild',
    schedule: '* * * * *',
    command: 'select public.site_rebuild_flush();',
  },
  {
    jobname: 'site-rebuild-anniversary',
    schedule: '5 0 1 8 *',
    command: 'select public.site_rebuild_anniversary();',
  },
  {
    jobname: 'cron-history-cleanup',
    schedule: '30 3 * * *',
    command: "delete from cron.job_run_details where end_time < now() - interval '7 days';",
  },
];

type Job = {
  jobid: string;
  jobname: string;
  schedule: string;
  command: string;
  active: boolean;
  database: string;
  username: string;
};

async function jobs(t: TestDatabase): Promise<Job[]> {
  return t.query<Job>(
    'select jobid::text, jobname, schedule, command, active, database, username from cron.job order by jobname',
  );
}

type Call = {
  url: string;
  body: unknown;
  headers: Record<string, string>;
  timeout_milliseconds: number;
};

async function calls(t: TestDatabase): Promise<Call[]> {
  return t.query<Call>(
    'select url, body, headers, timeout_milliseconds from net.recorded_calls order by id',
  );
}

async function commandOf(t: TestDatabase, jobname: string): Promise<string> {
  const [row] = await t.query<{ command: string }>(
    'select command from cron.job where jobname = $1',
    [jobname],
  );
  if (!row) throw new Error(`no job ${jobname}`);
  return row.command;
}

describe('scheduled jobs on PostgreSQL 15 with pg_cron', () => {
  const t = useTestDatabase({ backend: 'postgres', cron: true });
  beforeAll(async () => {
    await installHostedStandIns(t.db);
  });

  it('creates each job once, with its schedule and command, in this database', async () => {
    const found = await jobs(t);
    const expected = [...EXPECTED_JOBS].sort((a, b) => a.jobname.localeCompare(b.jobname));
    expect(found.map(({ jobname, schedule, command }) => ({ jobname, schedule, command }))).toEqual(
      expected,
    );
    for (const job of found) {
      expect(job.active).toBe(true);
      expect(job.database).toBe('postgres');
    }
  });

  it('running the migration again creates no duplicate and keeps the job ids', async () => {
    const before = await jobs(t);
    // as `supabase db push` runs it: as postgres (pg_cron keys a job by its name and its user)
    const sql = AS_POSTGRES + readFileSync(MIGRATION.file, 'utf8');
    await t.db.transaction((tx) => tx.exec(sql));
    await t.db.transaction((tx) => tx.exec(sql));
    const after = await jobs(t);
    expect(after).toEqual(before);
    const [count] = await t.query<{ n: number }>(
      "select count(*)::int as n from cron.job where jobname = 'process-email-outbox'",
    );
    expect(count?.n).toBe(1);
  });

  it('the e-mail job posts to process-email-outbox with the project URL and key from Vault', async () => {
    await t.query('delete from net.recorded_calls');
    await t.query('delete from vault.secrets');
    // without the secrets the job fails with a message that says which one and how to set it
    const command = await commandOf(t, 'process-email-outbox');
    await expect(t.query(command)).rejects.toThrow(/project_url is missing/);
    await t.query("select vault.create_secret('https://abcdefgh.supabase.co/', 'project_url')");
    await expect(t.query(command)).rejects.toThrow(/email_processor_secret is missing/);
    await t.query(
      "select vault.create_secret('processor-secret-for-tests', 'email_processor_secret')",
    );

    await t.query(command);

    const recorded = await calls(t);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      url: 'https://abcdefgh.supabase.co/functions/v1/process-email-outbox',
      body: {},
      headers: {
        'Content-Type': 'application/json',
        Authorization: 'Bearer processor-secret-for-tests',
      },
      timeout_milliseconds: 60000,
    });
  });

  it('the reminder and retention jobs run their SQL functions', async () => {
    const reminders = await t.query<{ email_queue_reminders: number }>(
      await commandOf(t, 'email-reminders'),
    );
    expect(reminders).toEqual([{ email_queue_reminders: 0 }]);
    const retention = await t.query<{ run_retention: Record<string, number> }>(
      await commandOf(t, 'run-retention'),
    );
    expect(retention[0]?.run_retention).toMatchObject({
      bookingsAnonymised: 0,
      emailsPurged: 0,
    });
    await t.query(await commandOf(t, 'cron-history-cleanup'));
  });

  it("the owner's morning agenda job runs public.queue_owner_agenda()", async () => {
    // pg_cron does not check a command when it schedules it, so only running it proves that the
    // function it names exists and can be called so. The agenda is off by default (the setting
    // owner_agenda_email; when and what it queues: owner-agenda-email.test.ts): nothing is queued.
    const agenda = await t.query<{ queue_owner_agenda: number }>(
      await commandOf(t, 'owner-agenda'),
    );
    expect(agenda).toEqual([{ queue_owner_agenda: 0 }]);
    const [queued] = await t.query<{ n: number }>(
      "select count(*)::int as n from public.email_outbox where kind = 'owner_agenda'",
    );
    expect(queued?.n).toBe(0);
  });

  it('the API roles cannot call the job helper', async () => {
    for (const role of ['anon', 'authenticated', 'service_role']) {
      const [row] = await t.query<{ allowed: boolean }>(
        "select has_function_privilege($1, 'public.call_edge_function(text, jsonb)', 'execute') as allowed",
        [role],
      );
      expect(row?.allowed, role).toBe(false);
    }
  });
});

describe('scheduled jobs on PGlite (no pg_cron)', () => {
  const t = useTestDatabase({ backend: 'pglite' });

  it('the migration applies, creates no schedule and the job helper says what is missing', async () => {
    const [row] = await t.query<{ cron: string | null; applied: boolean }>(
      `select to_regnamespace('cron')::text as cron,
              exists (select from supabase_migrations.schema_migrations where version = $1) as applied`,
      [MIGRATION.version],
    );
    expect(row).toEqual({ cron: null, applied: true });
    await expect(
      t.query("select public.call_edge_function('process-email-outbox')"),
    ).rejects.toThrow(/Vault is not available/);
  });
});
