// npm run test:clock: the unit and server tests with the machine's clock moved, so that a test that
// holds only this week, this month or this year fails here instead of in CI next month. Each offset
// runs the whole of both projects under libfaketime (Debian's `faketime`), which moves the clock of
// Node, of the embedded PGlite, of the PostgreSQL 15 server and of Deno alike.
//
//   npm run test:clock                      +7d, +40d (across New Year from December) and +400d
//   npm run test:clock -- +3d +90d          other offsets
//   npm run test:clock -- --ci              CI's pass: the tests that read a day, at +40d, the
//                                           SQL ones on PGlite
//
// Left out under a moved clock, with the reason: the gateway's statement-timeout tests on PostgreSQL
// 15. Under libfaketime its statement_timeout never fires (pg_sleep(4) answers 200 where the limit is
// 3 s, with or without FAKETIME_DONT_FAKE_MONOTONIC; libfaketime wraps epoll_wait, where pg_sleep
// waits, the likely cause). They read no calendar, and run in the ordinary pass.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Test names that libfaketime's timers break, not the calendar. */
const TIMER_TESTS = ['statement timeouts of the API roles'];

/**
 * CI's single moved-clock pass: the browser's date rules (the unit project, whole) and the server
 * tests that read a day (the booking engine, the owner's tables, the messages and the jobs in SQL),
 * named by the start of their path as vitest filters them.
 */
export const CI_SERVER_FILTERS = [
  'supabase/tests/booking-',
  'supabase/tests/calendar-links',
  'supabase/tests/cancel',
  'supabase/tests/car-status',
  'supabase/tests/closed-',
  'supabase/tests/email-',
  'supabase/tests/move',
  'supabase/tests/outbox-',
  'supabase/tests/owner-',
  'supabase/tests/reconfirm',
  'supabase/tests/reschedule-function',
  'supabase/tests/retention',
  'supabase/tests/review-',
  'supabase/tests/scheduled-jobs',
  'supabase/tests/send-message',
  'supabase/tests/sms',
  'supabase/tests/visitor-messages',
  'supabase/tests/waitlist',
];

interface Outcome {
  offset: string;
  passed: number;
  failed: number;
  skipped: number;
  seconds: number;
  exitCode: number;
}

function parseCounts(output: string): Pick<Outcome, 'passed' | 'failed' | 'skipped'> {
  // vitest's summary: "Tests  3 failed | 1200 passed | 5 skipped (1208)"
  // eslint-disable-next-line no-control-regex
  const line = output.replace(/\u001b\[[0-9;]*m/g, '').match(/^\s*Tests\s+(.*)$/m)?.[1] ?? '';
  const count = (word: string) => Number(line.match(new RegExp(`(\\d+) ${word}`))?.[1] ?? 0);
  return { passed: count('passed'), failed: count('failed'), skipped: count('skipped') };
}

async function run(
  offset: string,
  projects: string[],
  filters: string[],
  env: Record<string, string> = {},
): Promise<Outcome> {
  const started = Date.now();
  const args = [
    '-f',
    offset,
    path.join(ROOT, 'node_modules', '.bin', 'vitest'),
    'run',
    ...projects.flatMap((p) => ['--project', p]),
    '--testNamePattern',
    `^(?!.*(${TIMER_TESTS.join('|')}))`,
    ...filters,
  ];
  console.log(
    `test:clock: faketime ${args.slice(0, 2).join(' ')} vitest run ${projects.join(' + ')}${filters.length ? ` (${filters.length} filters)` : ''}`,
  );
  let output = '';
  const exitCode = await new Promise<number>((resolve, reject) => {
    const child = spawn('faketime', args, {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      // no colours, so that the summary can be read
      env: { ...process.env, NO_COLOR: '1', FORCE_COLOR: '0', ...env },
    });
    for (const stream of [child.stdout, child.stderr]) {
      stream.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        process.stdout.write(chunk);
      });
    }
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  return { offset, ...parseCounts(output), seconds: (Date.now() - started) / 1000, exitCode };
}

function hasFaketime(): boolean {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .some((dir) => dir !== '' && existsSync(path.join(dir, 'faketime')));
}

async function main() {
  const argv = process.argv.slice(2);
  const ci = argv.includes('--ci');
  const offsets = argv.filter((a) => /^[+-]\d+[dhm]?$/.test(a));
  if (!hasFaketime()) {
    console.error(
      "test:clock: libfaketime is missing. Install Debian's package: apt-get install -y faketime",
    );
    process.exit(2);
  }
  const outcomes: Outcome[] = [];
  if (ci) {
    outcomes.push(await run('+40d', ['unit'], []));
    // on PGlite: the calendar is the same SQL on both databases, and CI's time is bounded
    outcomes.push(await run('+40d', ['server'], CI_SERVER_FILTERS, { TEST_BACKENDS: 'pglite' }));
  } else {
    for (const offset of offsets.length ? offsets : ['+7d', '+40d', '+400d']) {
      outcomes.push(await run(offset, ['unit', 'server'], []));
    }
  }
  console.log('\ntest:clock: the tests with the clock moved');
  console.log('offset   passed  failed  skipped  seconds');
  for (const o of outcomes) {
    console.log(
      `${o.offset.padEnd(8)} ${String(o.passed).padStart(6)}  ${String(o.failed).padStart(6)}  ${String(o.skipped).padStart(7)}  ${o.seconds.toFixed(0).padStart(7)}`,
    );
  }
  const passed = outcomes.reduce((n, o) => n + o.passed, 0);
  const failed = outcomes.reduce((n, o) => n + o.failed, 0);
  console.log(`test:clock: ${passed} passed, ${failed} failed`);
  process.exitCode = outcomes.every((o) => o.exitCode === 0 && o.failed === 0 && o.passed > 0)
    ? 0
    : 1;
}

await main();
