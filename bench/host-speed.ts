// How much slower than this host Lighthouse's simulation must run to stand for the phone its 4x
// preset means (BENCH_CPU=host in bench/web.ts). Pure functions, tested in host-speed.test.ts.
/** Lighthouse's CPU throttling calculator puts its default 4x slowdown at a host benchmarkIndex of
 * 1533 (its reference machine); its mobile preset assumes that machine. */
const REFERENCE_BENCHMARK = 1533;
/** The CPU slowdown that makes this host as slow as Lighthouse's reference machine at 4x.
 * - The benchmark's time is inversely proportional to its index: a factor of index / 1533.
 * - Lighthouse's simulation multiplies the *wall* time of the page's main-thread tasks, and the
 *   index is measured with the main thread alone on a core. During a load the renderer's main
 *   thread shares the host's cores with Chromium's other threads and processes and the bench
 *   itself (on 2 cores it ran for 33-61 % of its tasks' wall time), so the observed tasks already
 *   hold a slowdown of 1 / share: a factor of share (see mainThreadShare).
 * The reference machine's main thread is taken to have had a core to itself (share 1), the least
 * strict assumption; at least 4x. */
export const cpuForHost = (benchmarkIndex: number, share = 1) =>
  Math.max(4, Math.round(((4 * benchmarkIndex * share) / REFERENCE_BENCHMARK) * 10) / 10);

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { beginData?: { url?: string }; data?: { documentLoaderURL?: string } };
}

/** The share of its tasks' wall time that the page's main thread spent on a CPU during a load:
 * the thread time over the wall time of its top-level tasks of 1 ms or more, from the navigation
 * to the end of the trace (the main thread: the one that parsed the page's HTML). Undefined
 * without such tasks. */
export function mainThreadShare(events: TraceEvent[], url: string): number | undefined {
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  if (!parse) return undefined;
  const navigation = events.find(
    (e) =>
      e.name === 'navigationStart' &&
      e.pid === parse.pid &&
      e.args?.data?.documentLoaderURL === url,
  );
  let wall = 0;
  let cpu = 0;
  for (const e of events)
    if (
      (e.name === 'RunTask' || e.name === 'ThreadControllerImpl::RunTask') &&
      e.ph === 'X' &&
      e.pid === parse.pid &&
      e.tid === parse.tid &&
      e.ts >= (navigation?.ts ?? 0) &&
      (e.dur ?? 0) >= 1000 &&
      e.tdur !== undefined
    ) {
      wall += e.dur!;
      cpu += e.tdur;
    }
  return wall > 0 ? Math.min(1, cpu / wall) : undefined;
}
