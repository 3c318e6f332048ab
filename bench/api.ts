// npm run bench:api: p50/p95 of the two reads the site makes (services, calendar) through the embedded
// gateway, on PGlite and on PostgreSQL 15, written to the "API reads" section of docs/benchmarks.md.
// Requests are the exact ones supabase-js sends; timed end to end over HTTP (keep-alive).
import { cpus, loadavg } from 'node:os';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../local/db/migrate.ts';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { Backend } from '../local/testing/index.ts';

/** Starts a fresh stack in a separate process, so the client below does not share its event loop. */
async function startServer(backend: Backend) {
  const child = spawn(
    path.join(ROOT, 'node_modules', '.bin', 'tsx'),
    [path.join(ROOT, 'local', 'testing', 'serve.ts'), backend],
    {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout }).once('line', resolve);
    child.once('exit', (code) => reject(new Error(`stack process exited with ${code}`)));
  });
  const info = JSON.parse(line) as { url: string; anonKey: string };
  return {
    ...info,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const WARMUP = 50;
const RUNS = Number(process.env.BENCH_RUNS ?? 500);
const TARGET_P95_MS = 10;

const READS = {
  services: '/rest/v1/services?select=*&is_active=eq.true&order=name.asc',
  settings:
    '/rest/v1/settings?select=key%2Cvalue&key=in.%28min_advance_booking_days%2Cmax_advance_booking_days%29',
} as const;

function percentile(sorted: number[], p: number): number {
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, i)]!;
}

async function measure(
  url: string,
  anonKey: string,
): Promise<{ p50: number; p95: number; max: number }> {
  const headers = {
    apikey: anonKey,
    Authorization: `Bearer ${anonKey}`,
    'X-Client-Info': 'supabase-js-node/2',
    'Accept-Profile': 'public',
  };
  const once = async () => {
    const start = performance.now();
    const res = await fetch(url, { headers });
    const body = (await res.json()) as unknown[];
    const ms = performance.now() - start;
    if (res.status !== 200 || !Array.isArray(body) || body.length === 0)
      throw new Error(`${url} answered ${res.status}`);
    return ms;
  };
  for (let i = 0; i < WARMUP; i++) await once();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) times.push(await once());
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1)! };
}

const fmt = (n: number) => n.toFixed(1);

async function main() {
  const rows: string[] = [];
  let worst = 0;
  const loadBefore = loadavg()[0]!;
  for (const backend of ['pglite', 'postgres'] as Backend[]) {
    const stack = await startServer(backend);
    try {
      const services = await measure(stack.url + READS.services, stack.anonKey);
      const settings = await measure(stack.url + READS.settings, stack.anonKey);
      worst = Math.max(worst, services.p95, settings.p95);
      rows.push(
        `| ${backend === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL 15'} | ${fmt(services.p50)} / ${fmt(services.p95)} / ${fmt(services.max)} ms | ${fmt(settings.p50)} / ${fmt(settings.p95)} / ${fmt(settings.max)} ms |`,
      );
      console.log(rows.at(-1));
    } finally {
      await stack.stop();
    }
  }
  const when = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const section = `## API reads

Measured ${when} UTC by \`npm run bench:api\` on ${cpus().length} CPU cores (shared), Node ${process.version},
1-minute load average ${loadBefore.toFixed(1)} before / ${loadavg()[0]!.toFixed(1)} after the run.
The site's two reads, exactly as supabase-js sends them with the anon key, through the
embedded gateway (new transaction per request, role and JWT claims set, RLS applied), timed end to
end over HTTP with keep-alive from a separate client process: ${WARMUP} warm-up requests, then ${RUNS}
sequential requests each.
Target: p95 < ${TARGET_P95_MS} ms.

- services: \`GET ${READS.services}\`
- settings: \`GET ${READS.settings}\`

| Database | services p50 / p95 / max | settings p50 / p95 / max |
|---|---|---|
${rows.join('\n')}

The tail follows the shared machine's load (with the whole team's tests running, load average
about 20, p95 reached roughly 100 ms); compare runs at similar load.

Result: ${worst < TARGET_P95_MS ? `met (worst p95 ${fmt(worst)} ms)` : `NOT met (worst p95 ${fmt(worst)} ms)`}.
`;
  const file = path.join(ROOT, 'docs', 'benchmarks.md');
  let doc = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const start = doc.indexOf('## API reads');
  if (start >= 0) {
    const next = doc.indexOf('\n## ', start + 1);
    doc = doc.slice(0, start) + section + (next >= 0 ? '\n' + doc.slice(next + 1) : '');
  } else {
    const firstSection = doc.indexOf('\n## ');
    doc =
      firstSection >= 0
        ? `${doc.slice(0, firstSection + 1)}${section}\n${doc.slice(firstSection + 1)}`
        : `${doc.trimEnd()}\n\n${section}`;
  }
  writeFileSync(file, doc);
  console.log(`wrote the API reads section of ${path.relative(process.cwd(), file)}`);
}

main().catch((error: unknown) => {
  console.error(`error: ${(error as Error).message}`);
  process.exit(1);
});
