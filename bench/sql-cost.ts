// npm run bench:sql: the work PostgreSQL 15 does for one booking and for one day's free times,
// counted in CPU instructions by valgrind's callgrind. Unlike the timings of bench:booking, which
// move with the load of a shared machine, the count repeats to within a few thousandths run after
// run, so two commits compare on the same day (the seeded days follow today's calendar). Writes the
// "Database work per call" section of docs/benchmarks.md.
//
// The database is built by the migrations (the caps lifted, three bays), stopped, and copied; each
// measurement runs one statement in a single-user backend (`postgres --single`) under callgrind:
// nothing, then seeding the bookings through create_booking, then get_available_slots on the
// seeded copy. The first is subtracted from the others.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { postgresBinDir } from '../local/db/postgres-server.ts';
import { createTestDatabase } from '../local/testing/database.ts';
import { liftBookingCaps } from '../supabase/tests/helpers/sql.ts';
import { writeDocsSection } from './report.ts';
import { seedBookingsSql } from './seed-bookings.ts';

const BOOKINGS = 200;
const SLOT_CALLS = 300;

const asRoot = userInfo().uid === 0;
const asPostgres = (command: string, args: string[]): [string, string[]] =>
  asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];

if (spawnSync('valgrind', ['--version']).status !== 0) {
  console.error("bench:sql needs valgrind (Debian's package valgrind)");
  process.exit(2);
}

const work = mkdtempSync(path.join(tmpdir(), 'glanspunkt-sql-cost-'));
chmodSync(work, 0o777);
try {
  const db = await createTestDatabase({ backend: 'postgres' });
  let pristine: string;
  try {
    await db.query(`update public.settings set value = '3' where key = 'workshop_capacity'`);
    await liftBookingCaps(db.query);
    await db.query('checkpoint');
    const data = path.join(path.dirname(db.serverLog!), 'data');
    execFileSync(
      ...asPostgres(path.join(postgresBinDir(), 'pg_ctl'), ['stop', '-D', data, '-m', 'fast']),
    );
    pristine = path.join(work, 'pristine');
    cpSync(data, pristine, { recursive: true });
  } finally {
    await db.close().catch(() => {});
  }
  if (asRoot) execFileSync('chown', ['-R', 'postgres', work]);

  /** Instructions of a single-user backend running `sql` on the database in `dir`. */
  const count = (dir: string, sql: string): number => {
    const [command, args] = asPostgres('valgrind', [
      '--tool=callgrind',
      '--callgrind-out-file=/dev/null',
      path.join(postgresBinDir(), 'postgres'),
      '--single',
      '-j',
      '-D',
      dir,
      '-c',
      'timezone=UTC',
      '-c',
      'fsync=off',
      'postgres',
    ]);
    const run = spawnSync(command, args, {
      input: `${sql.trim()}\n\n`,
      encoding: 'utf8',
      maxBuffer: 1 << 26,
    });
    const collected = /Collected : (\d+)/.exec(run.stderr)?.[1];
    if (run.status !== 0 || !collected || /ERROR:/.test(run.stdout + run.stderr))
      throw new Error(`postgres --single failed:\n${(run.stdout + run.stderr).slice(-2000)}`);
    return Number(collected);
  };
  const copy = (name: string) => {
    const dir = path.join(work, name);
    cpSync(pristine, dir, { recursive: true });
    if (asRoot) execFileSync('chown', ['-R', 'postgres', dir]);
    return dir;
  };

  const idle = count(copy('idle'), 'select 1;');
  const seeded = copy('seeded');
  const seed = count(seeded, seedBookingsSql(BOOKINGS));
  const slots = count(
    seeded,
    `do $$
     declare
       v_services uuid[] := array(select s.id from public.services s where s.is_active order by s.id);
       v_today date := (now() at time zone 'Europe/Copenhagen')::date;
       v_r jsonb;
     begin
       for i in 0..${SLOT_CALLS - 1} loop
         v_r := public.get_available_slots(v_services[1 + i % array_length(v_services, 1)],
                                           v_today + 1 + (i * 7) % 60);
       end loop;
     end $$;`,
  );
  const perBooking = (seed - idle) / BOOKINGS / 1e6;
  const perSlots = (slots - idle) / SLOT_CALLS / 1e6;
  const git = (args: string[]) => spawnSync('git', args, { encoding: 'utf8' }).stdout.trim();
  const commit =
    git(['rev-parse', '--short', 'HEAD']) +
    (git(['status', '--porcelain', '--untracked-files=no']) ? ' with uncommitted changes' : '');
  const text = [
    '## Database work per call',
    '',
    `Counted ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${commit} by \`npm run bench:sql\`:`,
    'CPU instructions of a PostgreSQL 15 backend (valgrind callgrind, the same count run after run),',
    `less an idle backend's (${(idle / 1e6).toFixed(1)} M). ${BOOKINGS} online bookings seeded through`,
    `\`create_booking\` (bench/seed-bookings.ts), then ${SLOT_CALLS} \`get_available_slots\` calls on them`,
    '(six packages, days spread over the window). The days follow the calendar: compare commits on the same day.',
    '',
    '| Call | Instructions per call |',
    '|---|---|',
    `| \`create_booking\` (seeding) | ${perBooking.toFixed(2)} M |`,
    `| \`get_available_slots\` | ${perSlots.toFixed(2)} M |`,
    '',
  ].join('\n');
  writeDocsSection('Database work per call', text);
  console.log(text);
} finally {
  rmSync(work, { recursive: true, force: true });
}
