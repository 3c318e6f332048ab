// npm run bench:web: builds the site (into .local/bench-web, beside the usual build), serves it
// with `npm start` (production headers, embedded stack, in-memory database), runs Lighthouse 12
// (mobile, simulated throttling, Chromium from the system) RUNS times per route and writes the
// medians of the four category scores and FCP, LCP, TBT, CLS, SI and bytes to docs/benchmarks.md
// (between the bench:web markers of its "Web pages" section; docs/performance.md is the guide).
// BENCH_RUNS, BENCH_ROUTES (comma list), BENCH_SKIP_BUILD=1, BENCH_SAVE=dir (keeps each route's
// first Lighthouse report as JSON there, for diagnosis),
// BENCH_COMPARE_DIR=<build dir> (a second build served beside this one: every Lighthouse run and
// tap alternates between the two, A B then B A, and both tables are written),
// BENCH_CPU=<multiplier> or BENCH_CPU=host (the CPU slowdown of Lighthouse and the taps; default 4,
// Lighthouse's own; `host` scales 4x by this machine's benchmarkIndex and by the share of a CPU
// its main thread gets during a load, see cpuForHost).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { chromium } from '@playwright/test';
import { staticPaths } from '../react-router.config.ts';
import { ownerPages } from '../src/content/site-pages.ts';
import { CHROMIUM_FLAGS, resolveChromium } from '../local/chromium.ts';
import { freePort } from '../local/net.ts';
import { cpuForHost, mainThreadShare } from './host-speed.ts';
import { DOCS as DOC } from './report.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
// BENCH_LIGHTHOUSE=0: the tap measurement only (printed, docs/benchmarks.md left as it is)
const LIGHTHOUSE = process.env.BENCH_LIGHTHOUSE !== '0';
const ROUTES = !LIGHTHOUSE
  ? []
  : process.env.BENCH_ROUTES
    ? process.env.BENCH_ROUTES.split(',')
    : // the public pages, and the owner's page (its signed-out first load: the sign-in)
      [...staticPaths, ...Object.values(ownerPages).map((p) => p.path)];
const BUILD_DIR = path.join(ROOT, '.local', 'bench-web');
const CHROME = resolveChromium() ?? '/usr/bin/chromium';
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS, '--disable-dev-shm-usage'];
const START = '<!-- bench:web:start -->';
const END = '<!-- bench:web:end -->';

/** Set from BENCH_CPU before the measured runs (the warm-up runs tell the host's index). */
let cpuSlowdown = 4;
/** How BENCH_CPU=host came to its slowdown (for the report). */
let hostNote = '';

const targets = { performance: 100, accessibility: 100, bestPractices: 100, seo: 100 };

interface Sample {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
  si: number;
  bytes: number;
  /** Lighthouse's benchmarkIndex of the host at this run (it warns below 1000: a slower CPU than
   * its 4x slowdown assumes) */
  benchmark: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

async function waitFor(url: string, child: ChildProcess, timeoutMs = 120_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`npm start exited with ${child.exitCode}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

async function main() {
  const port = await freePort();
  const supabasePort = await freePort();
  const site = `http://127.0.0.1:${port}`;
  const env = { ...process.env, BUILD_DIR, VITE_SITE_URL: site };

  if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(path.join(BUILD_DIR, 'client'))) {
    console.log(
      `bench:web: building into ${path.relative(ROOT, BUILD_DIR)} (VITE_SITE_URL=${site})`,
    );
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, env, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('build failed');
  }

  const main = await serve(BUILD_DIR, port, supabasePort);
  // BENCH_COMPARE_DIR: a second build (e.g. of main before a change, made with
  // `BUILD_DIR=<dir> npm run build`), served beside this one; Lighthouse and the taps alternate
  const compareDir = process.env.BENCH_COMPARE_DIR
    ? path.resolve(process.env.BENCH_COMPARE_DIR)
    : undefined;
  const compare = compareDir
    ? await serve(compareDir, await freePort(), await freePort())
    : undefined;

  let chrome: chromeLauncher.LaunchedChrome | undefined;
  try {
    await main.ready();
    await compare?.ready();
    if (LIGHTHOUSE)
      chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: CHROME_FLAGS });
    const sites = [
      { label: 'this build', url: site },
      ...(compare
        ? [{ label: path.relative(ROOT, compareDir!) || compareDir!, url: compare.url }]
        : []),
    ];
    // one discarded run first: right after `npm start` the local stack is still starting (Deno, the
    // in-memory database), and the first route measured (/) read up to 999 ms of TBT that the same
    // build did not show a few minutes later
    // (BENCH_CPU=host: three rounds of them, whose median index and main-thread share set the
    // slowdown)
    const cpu = process.env.BENCH_CPU;
    const warmUps: Array<{ lhr: Lhr; share?: number }> = [];
    if (LIGHTHOUSE && ROUTES[0])
      for (let round = 0; round < (cpu === 'host' ? 3 : 1); round += 1)
        for (const { url } of sites) {
          const page = `${url}${ROUTES[0]}`;
          const { lhr, artifacts } = await runLighthouse(page, chrome!.port);
          warmUps.push({ lhr, share: mainThreadShare(artifacts.Trace.traceEvents, page) });
        }
    if (cpu === 'host') {
      if (!warmUps.length)
        throw new Error('BENCH_CPU=host needs a Lighthouse run (BENCH_LIGHTHOUSE)');
      const index = median(warmUps.map(({ lhr }) => lhr.environment.benchmarkIndex));
      const shares = warmUps.flatMap(({ share }) => (share === undefined ? [] : [share]));
      const share = shares.length ? median(shares) : 1;
      cpuSlowdown = cpuForHost(index, share);
      console.log(
        `bench:web: host benchmarkIndex ${index}, the page's main thread on a CPU for ${Math.round(share * 100)} % of its tasks' wall time (${shares.map((x) => x.toFixed(2)).join(', ')}): ${cpuSlowdown}x CPU slowdown`,
      );
      hostNote = `benchmarkIndex ${index} x main-thread share ${share.toFixed(2)} / 1533`;
    } else if (cpu) {
      cpuSlowdown = Number(cpu);
      if (!(cpuSlowdown >= 1)) throw new Error(`BENCH_CPU=${cpu}: a number >= 1, or host`);
    }
    // with a second build the runs alternate route by route (A, B, then B, A: neither build always
    // goes first), so that both see the same machine load
    const results = new Map<string, Array<{ route: string; median: Sample; runs: number }>>(
      sites.map(({ label }) => [label, []]),
    );
    for (const route of ROUTES) {
      const samples = new Map<string, Sample[]>(sites.map(({ label }) => [label, []]));
      for (let run = 0; run < RUNS; run += 1) {
        for (const { label, url } of run % 2 ? [...sites].reverse() : sites) {
          const { lhr: result } = await runLighthouse(`${url}${route}`, chrome!.port);
          samples.get(label)!.push(sample(result));
          if (run === 0 && label === sites[0]!.label) saveAndDescribe(route, result);
          const failing = Object.values(result.audits)
            .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id);
          const m = samples.get(label)!.at(-1)!;
          console.log(
            `  ${route} run ${run + 1}/${RUNS}${sites.length > 1 ? ` (${label})` : ''}: perf ${m.performance} a11y ${m.accessibility} bp ${m.bestPractices} seo ${m.seo} LCP ${Math.round(m.lcp)} ms TBT ${Math.round(m.tbt)} ms, host benchmark ${Math.round(m.benchmark)} (load ${loadavg()[0]!.toFixed(2)})${failing.length ? `; failing: ${failing.join(', ')}` : ''}`,
          );
        }
      }
      for (const [label, list] of samples) {
        const keys = Object.keys(list[0]!) as Array<keyof Sample>;
        const med = Object.fromEntries(
          keys.map((k) => [k, median(list.map((s) => s[k]))]),
        ) as unknown as Sample;
        results.get(label)!.push({ route, median: med, runs: list.length });
      }
    }
    const taps = process.env.BENCH_TAP === '0' ? new Map() : await tapLatency(sites);
    if (LIGHTHOUSE)
      report(
        sites.map(({ label }) => ({
          label,
          results: results.get(label)!,
          taps: taps.get(label) ?? [],
        })),
      );
    for (const [label, rows] of taps) console.log(`\n${label}:\n${tapTable(rows).join('\n')}`);
  } finally {
    await chrome?.kill();
    main.stop();
    compare?.stop();
  }
}

/** `npm start` on a build (in-memory database), in its own process group. */
async function serve(buildDir: string, port: number, supabasePort: number) {
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ['--import', 'tsx', 'local/cli/start.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      BUILD_DIR: buildDir,
      PORT: String(port),
      SUPABASE_PORT: String(supabasePort),
      LOCAL_DB: 'memory',
      // the stack's stand-in for the production schedules (local/mailbox/worker.ts) queries the
      // database and calls an edge function every 5 s, about 60 ms of CPU each time on this 2-core
      // machine; in production that runs on Supabase, not beside the page, and nothing here books,
      // so during the bench it runs once an hour (server CPU while idle: 1.2 % of a core -> 0)
      EMAIL_INTERVAL_MS: '3600000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let log = '';
  server.stdout?.on('data', (d: Buffer) => (log += d.toString()));
  server.stderr?.on('data', (d: Buffer) => (log += d.toString()));
  const stop = () => {
    if (server.pid && server.exitCode === null) {
      try {
        process.kill(-server.pid, 'SIGTERM');
      } catch {
        /* already gone */
      }
    }
  };
  process.on('exit', stop);
  const ready = () =>
    waitFor(`${url}/`, server).catch((error: unknown) => {
      throw new Error(`${(error as Error).message}\n${log}`);
    });
  return { url, stop, ready };
}

const TAP_DELAYS = [500, 1000, 2000];
const TAP_RUNS = Number(process.env.BENCH_TAP_RUNS ?? 5);
const TAP_WAIT_MS = 5000;

interface TapResult {
  /** which field: the service field at a moment after the first paint, or the time field */
  field: 'service' | 'time';
  /** service: ms after the first contentful paint; time: ms after the day's times were shown */
  after: number;
  /** median ms from the tap to the list on screen; null when a run never showed it */
  median: number | null;
  /** each run's figure (null: no list within TAP_WAIT_MS) */
  runs: Array<number | null>;
}

interface TapSite {
  label: string;
  url: string;
}

/**
 * In the page: the tap's input time and the frame that shows the list of the field `fieldId`
 * (the element its aria-controls names, on screen: the form's list, the early list, or Radix
 * Select's in older builds).
 */
function watchTap() {
  const w = window as unknown as {
    __tap?: number;
    __list?: number;
    __watch?: (fieldId: string) => void;
  };
  let field = 'booking-service';
  w.__watch = (fieldId: string) => {
    field = fieldId;
    w.__tap = undefined;
    w.__list = undefined;
  };
  // the event's timeStamp is when the input happened, so the wait for a busy main thread counts
  addEventListener('pointerdown', (event) => (w.__tap ??= event.timeStamp), true);
  new MutationObserver(() => {
    if (w.__tap === undefined || w.__list !== undefined) return;
    const controls = document.getElementById(field)?.getAttribute('aria-controls');
    const list = controls ? document.getElementById(controls) : null;
    if (list?.getAttribute('role') === 'listbox' && list.getBoundingClientRect().height > 0)
      requestAnimationFrame(() => (w.__list ??= performance.now()));
  }).observe(document, { subtree: true, childList: true, attributes: true });
}

async function tapAndWait(page: import('@playwright/test').Page, selector: string) {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`no ${selector} on /contact`);
  await page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  const shown = await page
    .waitForFunction(
      () => {
        const w = window as unknown as { __tap?: number; __list?: number };
        return w.__list !== undefined && w.__tap !== undefined ? w.__list - w.__tap : false;
      },
      undefined,
      { polling: 50, timeout: TAP_WAIT_MS },
    )
    .then((handle) => handle.jsonValue() as Promise<number>)
    .catch(() => null);
  return shown === null ? null : Math.round(shown);
}

/**
 * One visit of /contact#form on a phone viewport with a 4x slower CPU: the service field tapped
 * `after` ms after the first contentful paint; with `time`, then a service and the first
 * bookable day chosen, and the time field tapped 500 ms after its times arrived.
 */
async function tapRun(
  browser: import('@playwright/test').Browser,
  site: string,
  after: number,
  time: boolean,
): Promise<{ service: number | null; time?: number | null }> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 839 },
    isMobile: true,
    hasTouch: true,
  });
  try {
    await context.addInitScript(watchTap);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    await page.goto(`${site}/contact#form`, { waitUntil: 'commit' });
    const fcp = (await (
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
        undefined,
        { polling: 20 },
      )
    ).jsonValue()) as number;
    await page.waitForFunction((t) => performance.now() >= t, fcp + after, { polling: 10 });
    const service = await tapAndWait(page, '#booking-service');
    if (!time) return { service };
    // a service, then the first bookable day; the time field once its times are there
    await page.getByRole('option').first().click();
    // the prerendered date field stays disabled until the hydrated form has the service; a click
    // on it before then makes Playwright retry with other scroll alignments (block: 'end'), which
    // moved the page 460 px and put the time field below the screen
    await page.locator('#booking-date:not([disabled])').click();
    const day = page.locator(
      'td[data-day]:not([data-outside]):not([data-disabled]) button:enabled',
    );
    await day.first().click({ timeout: 15_000 });
    await page.locator('#booking-time:not([disabled])').waitFor({ timeout: 15_000 });
    await page.waitForTimeout(500);
    await page.evaluate(() =>
      (window as unknown as { __watch: (id: string) => void }).__watch('booking-time'),
    );
    return { service, time: await tapAndWait(page, '#booking-time') };
  } finally {
    await context.close();
  }
}

/**
 * A visitor taps the service field of /contact#form at 0.5, 1 and 2 s after the first contentful
 * paint, on a phone viewport with a 4x slower CPU (DevTools protocol, as Lighthouse's mobile
 * profile) and no network throttling: how long until the list is on screen? Measured in the page:
 * from the tap's input time (its pointerdown's timeStamp, so the wait for a busy main thread
 * counts) to the frame after the listbox appeared. The 2 s visits then choose a service and a day
 * and tap the time field. With several sites (BENCH_COMPARE_DIR) the runs alternate between
 * them (A, B, then B, A...), so that both see the same machine load and neither always goes first.
 */
async function tapLatency(sites: TapSite[]): Promise<Map<string, TapResult[]>> {
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: CHROME_FLAGS.filter((flag) => flag !== '--headless=new'),
  });
  const results = new Map<string, TapResult[]>(sites.map((site) => [site.label, []]));
  try {
    for (const after of TAP_DELAYS) {
      const withTime = after === TAP_DELAYS.at(-1);
      const runs = new Map(sites.map((site) => [site.label, { service: [], time: [] }])) as Map<
        string,
        { service: Array<number | null>; time: Array<number | null> }
      >;
      for (let run = 0; run < TAP_RUNS; run += 1) {
        for (const site of run % 2 ? [...sites].reverse() : sites) {
          const result = await tapRun(browser, site.url, after, withTime).catch(
            (error: unknown) => {
              console.log(`  ${site.label}: ${(error as Error).message.split('\n')[0]}`);
              return { service: null, time: withTime ? null : undefined };
            },
          );
          runs.get(site.label)!.service.push(result.service);
          if (withTime) runs.get(site.label)!.time.push(result.time ?? null);
          const ms = (v: number | null | undefined) => (v == null ? 'no list' : `${v} ms`);
          console.log(
            `  ${site.label}: tap at FCP + ${after} ms, run ${run + 1}/${TAP_RUNS}: ${ms(result.service)}${withTime ? `; time field ${ms(result.time)}` : ''} (load ${loadavg()[0]!.toFixed(2)})`,
          );
        }
      }
      for (const site of sites) {
        const { service, time } = runs.get(site.label)!;
        results.get(site.label)!.push(tapResult('service', after, service));
        if (withTime) results.get(site.label)!.push(tapResult('time', 500, time));
      }
    }
  } finally {
    await browser.close();
  }
  return results;
}

function tapResult(field: TapResult['field'], after: number, runs: Array<number | null>) {
  const shown = runs.filter((r): r is number => r !== null);
  return { field, after, runs, median: shown.length === runs.length ? median(shown) : null };
}

function tapTable(taps: TapResult[]): string[] {
  return [
    '| Tap | Tap to list (median) | Runs |',
    '|---|---|---|',
    ...taps.map(
      (t) =>
        `| ${t.field === 'service' ? `service field, ${(t.after / 1000).toFixed(1)} s after first paint` : `time field, ${(t.after / 1000).toFixed(1)} s after its times arrived`} | ${t.median === null ? 'no list in some runs' : `${Math.round(t.median)} ms`} | ${t.runs.map((r) => (r === null ? 'no list' : `${r}`)).join(', ')} |`,
    ),
  ];
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

/** The figures of one Lighthouse run. */
function sample(result: Lhr): Sample {
  const { categories, audits } = result;
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    si: value('speed-index'),
    bytes: value('total-byte-weight'),
    benchmark: result.environment.benchmarkIndex,
  };
}

/** A route's first run: saved with BENCH_SAVE, and its LCP element printed. */
function saveAndDescribe(route: string, result: Lhr) {
  if (process.env.BENCH_SAVE) {
    const file = path.join(
      process.env.BENCH_SAVE,
      `${route === '/' ? 'home' : route.slice(1)}.json`,
    );
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(result));
  }
  const lcpItems = (
    result.audits['largest-contentful-paint-element']?.details as
      { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
  )?.items?.[0]?.items;
  const snippet = lcpItems?.[0]?.node?.snippet;
  if (snippet) console.log(`  ${route} LCP element: ${snippet.slice(0, 160)}`);
}

/** One Lighthouse run; a run Lighthouse itself reports as broken (e.g. NO_NAVSTART) is repeated. */
async function runLighthouse(url: string, port: number, attempts = 3) {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      throttlingMethod: 'simulate',
      throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'no result' };
    if (!error) return result!;
    if (attempt >= attempts) throw new Error(`${url}: ${error.code} ${error.message}`);
    console.log(`  ${url}: ${error.code}, retrying`);
  }
}

interface BuildResults {
  label: string;
  results: Array<{ route: string; median: Sample; runs: number }>;
  taps: TapResult[];
}

/** The Lighthouse table, the misses and the taps of one build (markdown lines). */
function buildSection({ results, taps }: BuildResults): string[] {
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const rows = results.map(({ route, median: m }) =>
    [
      route,
      m.performance,
      m.accessibility,
      m.bestPractices,
      m.seo,
      s(m.fcp),
      s(m.lcp),
      `${Math.round(m.tbt)} ms`,
      m.cls.toFixed(3),
      s(m.si),
      `${Math.round(m.bytes / 1000)} KB`,
      Math.round(m.benchmark),
    ].join(' | '),
  );
  const misses = results.flatMap(({ route, median: m }) => {
    const perfTarget = targets.performance;
    // TBT at most 100 ms on /contact, 80 ms on the content pages (docs/performance.md)
    const tbtTarget = route === '/contact' ? 100 : 80;
    const list: string[] = [];
    if (m.performance < perfTarget)
      list.push(`${route}: Performance ${m.performance} < ${perfTarget}`);
    if (m.accessibility < 100) list.push(`${route}: Accessibility ${m.accessibility}`);
    if (m.bestPractices < 100) list.push(`${route}: Best Practices ${m.bestPractices}`);
    if (m.seo < 100) list.push(`${route}: SEO ${m.seo}`);
    if (m.lcp > 1500) list.push(`${route}: LCP ${s(m.lcp)} > 1.5 s`);
    if (m.tbt > tbtTarget) list.push(`${route}: TBT ${Math.round(m.tbt)} ms > ${tbtTarget} ms`);
    if (m.cls > 0.02) list.push(`${route}: CLS ${m.cls.toFixed(3)} > 0.02`);
    return list;
  });
  return [
    '| Route | Perf | A11y | Best pr. | SEO | FCP | LCP | TBT | CLS | SI | Bytes | Host |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
    misses.length
      ? `Below target in this run: ${misses.join('; ')}.`
      : 'Every route met its targets in this run.',
    ...(taps.length
      ? [
          '',
          `Taps on /contact#form (phone viewport, ${cpuSlowdown}x CPU slowdown through the DevTools protocol, no network throttling; ${taps[0]!.runs.length} runs each, median; from the tap's input time to the frame showing the list; target 100 ms; "no list": no list within ${TAP_WAIT_MS / 1000} s):`,
          '',
          ...tapTable(taps),
        ]
      : []),
  ];
}

/** Writes the tables (this build first, then a compared build's) to docs/benchmarks.md. */
function report(builds: BuildResults[]) {
  const when = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
  const [own, ...others] = builds;
  const section = [
    START,
    `Last run: ${when}, ${own!.results[0]?.runs ?? 0} runs per route (medians), Lighthouse 12 mobile`,
    `(simulated slow 4G, ${cpuSlowdown}x CPU slowdown${hostNote ? ` for this host, BENCH_CPU=host: ${hostNote}` : cpuSlowdown === 4 ? ", Lighthouse's default" : `, BENCH_CPU=${process.env.BENCH_CPU}`}), Chromium ${CHROME}, ${cpus().length} CPUs, load average`,
    `${loadavg()
      .map((l) => l.toFixed(2))
      .join(
        ' / ',
      )} at the end. Generated by \`npm run bench:web\`. Host: the median of Lighthouse's`,
    'benchmarkIndex of the runs (Lighthouse warns below 1000: a slower CPU than its 4x slowdown assumes).',
    '',
    ...buildSection(own!),
    ...others.flatMap((build) => [
      '',
      `Back to back, in the same run (Lighthouse runs and taps alternating with the build above): ${build.label}.`,
      '',
      ...buildSection(build),
    ]),
    END,
  ].join('\n');
  console.log(`\n${section}\n`);
  const doc = existsSync(DOC)
    ? readFileSync(DOC, 'utf8')
    : `# Benchmarks\n\n## Web pages\n\n${START}\n${END}\n`;
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  const next =
    start >= 0 && end > start
      ? `${doc.slice(0, start)}${section}${doc.slice(end + END.length)}`
      : `${doc.trimEnd()}\n\n## Web pages\n\n${section}\n`;
  writeFileSync(DOC, next);
  console.log(`bench:web: wrote ${path.relative(ROOT, DOC)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
