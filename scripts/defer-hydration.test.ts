import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deferHydration, parseBootScript } from './defer-hydration';

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

/**
 * Runs the page's deferred boot script in a bare context standing in for the browser: `import()`
 * records the chunk it would load, events are fired by hand, no paint timing (load alone starts it).
 */
function run(html: string, readyState: 'loading' | 'complete') {
  const script = /<script>(\(function\(\)[\s\S]*?)<\/script>/.exec(html)![1]!;
  const imported: string[] = [];
  const preloaded: string[] = [];
  const listeners = new Map<string, Array<(event: { type: string }) => void>>();
  const context: Record<string, unknown> = {
    __import: (href: string) => {
      imported.push(href);
      return Promise.resolve({ href });
    },
    document: {
      readyState,
      head: { appendChild: () => undefined },
      createElement: () => ({}),
      createDocumentFragment: () => ({
        appendChild: (l: { href: string }) => preloaded.push(l.href),
      }),
    },
    addEventListener: (type: string, fn: (event: { type: string }) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    removeEventListener: (type: string, fn: (event: { type: string }) => void) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((f) => f !== fn),
      ),
    requestAnimationFrame: (fn: () => void) => setTimeout(fn, 0),
    setTimeout,
    Promise,
  };
  context.window = context;
  vm.runInNewContext(script.replaceAll('import(', '__import('), context);
  return {
    imported,
    preloaded,
    window: context as { __reactRouterRouteModules?: unknown },
    fire: (type: string) => (listeners.get(type) ?? []).forEach((fn) => fn({ type })),
  };
}

// The shape React Router 7 writes into every prerendered page.
const routerScript = `import "/assets/manifest-1.js";
import * as route0 from "/assets/root-2.js";
import * as route1 from "/assets/page-3.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/page":route1};

import("/assets/entry.client-4.js");`;
const page = `<html><head><link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-4.js"/><link rel="modulepreload" href="/assets/react-5.js"/><link rel="modulepreload" href="/assets/router-6.js"/><link rel="stylesheet" href="/assets/root.css"/></head><body><main>Hej</main><script>window.__reactRouterContext = {};</script><script type="module" async="">${routerScript}</script></body></html>`;

describe('deferHydration', () => {
  it('reads React Router’s boot script', () => {
    expect(parseBootScript(routerScript)).toEqual({
      sideEffects: ['/assets/manifest-1.js'],
      routes: [
        { name: 'route0', href: '/assets/root-2.js' },
        { name: 'route1', href: '/assets/page-3.js' },
      ],
      assignment: 'window.__reactRouterRouteModules = {"root":route0,"routes/page":route1};',
      entry: '/assets/entry.client-4.js',
    });
  });

  it('drops the module preloads and puts a classic script where the module script was', () => {
    const html = deferHydration(page);
    expect(html).not.toMatch(/<link rel="modulepreload"/);
    expect(html).not.toMatch(/type="module"/);
    expect(html).toContain('<link rel="stylesheet" href="/assets/root.css"/>');
    // same place: after React Router's context script, before </body>
    expect(html).toMatch(
      /<script>window.__reactRouterContext = \{\};<\/script><script>\(function\(\)\{.*\}\)\(\);<\/script><\/body>/,
    );
  });

  it('loads nothing before the page has loaded, then the shared chunks one by one, the route modules, and the entry last', async () => {
    const page$ = run(deferHydration(page), 'loading');
    await settle();
    expect(page$.imported).toEqual([]);
    page$.fire('load');
    await settle();
    expect(page$.preloaded).toEqual([
      '/assets/manifest-1.js',
      '/assets/entry.client-4.js',
      '/assets/react-5.js',
      '/assets/router-6.js',
    ]);
    expect(page$.imported).toEqual([
      '/assets/react-5.js',
      '/assets/router-6.js',
      '/assets/manifest-1.js',
      '/assets/root-2.js',
      '/assets/page-3.js',
      '/assets/entry.client-4.js',
    ]);
    // React Router finds each route module under its id, as its own boot script would set it
    expect(page$.window.__reactRouterRouteModules).toEqual({
      root: { href: '/assets/root-2.js' },
      'routes/page': { href: '/assets/page-3.js' },
    });
  });

  it('starts at once on a key press before the page has loaded', async () => {
    const page$ = run(deferHydration(page), 'loading');
    page$.fire('keydown');
    await settle();
    expect(page$.imported.at(-1)).toBe('/assets/entry.client-4.js');
  });

  it('on a touch, starts once the finger has lifted (what the tap shows is painted first)', async () => {
    const page$ = run(deferHydration(page), 'loading');
    page$.fire('pointerdown');
    page$.fire('touchstart');
    await settle();
    expect(page$.preloaded).toEqual([]);
    expect(page$.imported).toEqual([]);
    page$.fire('pointerup');
    await settle();
    expect(page$.imported.at(-1)).toBe('/assets/entry.client-4.js');
  });

  it('starts 500 ms after a press that does not end', async () => {
    const page$ = run(deferHydration(page), 'loading');
    page$.fire('pointerdown');
    await settle();
    expect(page$.imported).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(page$.imported.at(-1)).toBe('/assets/entry.client-4.js');
  });

  it('refuses a boot script of a shape it does not know, rather than ship a page that never hydrates', () => {
    expect(() =>
      deferHydration(page.replace('import("/assets/entry', 'load("/assets/entry')),
    ).toThrow(/unexpected statement/);
    expect(() =>
      deferHydration(page.replace(/<script type="module"[\s\S]*?<\/script>/, '')),
    ).toThrow(/expected one inline module script, found 0/);
  });

  it('gives a script the browser can parse', () => {
    const html = deferHydration(page);
    const script = /<script>(\(function\(\)[\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(() => new Function(script)).not.toThrow();
  });
});
