import { describe, expect, it } from 'vitest';
import { cpuForHost, mainThreadShare, type TraceEvent } from './host-speed.ts';

const URL = 'http://127.0.0.1:4173/';
const MAIN = { pid: 7, tid: 1 };

/** A top-level task of the trace: start, wall and CPU time in ms. */
const task = (ts: number, wall: number, cpu: number, thread = MAIN): TraceEvent => ({
  name: 'RunTask',
  ph: 'X',
  ...thread,
  ts: ts * 1000,
  dur: wall * 1000,
  tdur: cpu * 1000,
});

const load = (...tasks: TraceEvent[]): TraceEvent[] => [
  {
    name: 'navigationStart',
    ph: 'R',
    ...MAIN,
    ts: 100_000,
    args: { data: { documentLoaderURL: URL } },
  },
  {
    name: 'ParseHTML',
    ph: 'X',
    ...MAIN,
    ts: 140_000,
    dur: 2000,
    args: { beginData: { url: URL } },
  },
  ...tasks,
];

describe('mainThreadShare', () => {
  it("is the page's main-thread tasks' CPU time over their wall time", () => {
    // 30 ms wall with 7 ms on a CPU, then 20 ms with 13: 20 of 50 ms
    expect(mainThreadShare(load(task(110, 30, 7), task(200, 20, 13)), URL)).toBeCloseTo(0.4);
  });

  it('leaves out other threads, tasks before the navigation and tasks under 1 ms', () => {
    const share = mainThreadShare(
      load(
        task(110, 10, 5),
        task(120, 50, 50, { pid: 7, tid: 2 }), // the compositor
        task(120, 50, 50, { pid: 9, tid: 1 }), // another process
        task(50, 50, 50), // before the navigation (the previous page)
        task(300, 0.9, 0.9), // too short to matter
      ),
      URL,
    );
    expect(share).toBeCloseTo(0.5);
  });

  it('is undefined when the page was not parsed in the trace, and at most 1', () => {
    expect(mainThreadShare(load(task(110, 10, 5)), 'http://127.0.0.1:4173/about')).toBeUndefined();
    expect(mainThreadShare(load(task(110, 10, 10.2)), URL)).toBe(1);
  });
});

describe('cpuForHost', () => {
  it("scales Lighthouse's 4x by the host's index and the main thread's share", () => {
    expect(cpuForHost(1533)).toBe(4);
    expect(cpuForHost(3833, 1)).toBe(10);
    // this machine: index 3,705, the main thread on a CPU half the time
    expect(cpuForHost(3705, 0.5)).toBe(4.8);
  });

  it('never simulates a faster phone than the preset', () => {
    expect(cpuForHost(900, 1)).toBe(4);
    expect(cpuForHost(3705, 0.3)).toBe(4);
  });
});
