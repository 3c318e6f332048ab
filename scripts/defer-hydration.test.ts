import vm from 'node:vm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  compileDeferredBoot,
  type DeferredBoot,
  deferHydration as deferWith,
  parseBootScript,
} from './defer-hydration';

/** The deferred boot as the build compiles it (src/app/deferred-boot/script.ts). */
let boot: DeferredBoot;
beforeAll(async () => {
  boot = await compileDeferredBoot();
});
const deferHydration = (html: string) => deferWith(html, boot);

const settle = () => new Promise((resolve) => setTimeout(resolve, 50));

const unescapeAttribute = (value: string) =>
  value.replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The page's deferred boot: its script text and its plan (the attribute's value, unescaped). */
function bootOf(html: string) {
  const match = /<script data-boot-plan='([^']*)'>(\(function\(\)[\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error(`no deferred boot in ${html}`);
  return { plan: unescapeAttribute(match[1]!), script: match[2]! };
}

/**
 * Runs the page's deferred boot script in a bare context standing in for the browser: `import()`
 * records the chunk it would load, events are fired by hand, no paint timing (load alone starts it).
 */
function run(html: string, readyState: 'loading' | 'complete') {
  const { plan, script } = bootOf(html);
  const imported: string[] = [];
  const preloaded: string[] = [];
  // every task the script queues gets a number; `task` is the last one that began (the microtasks
  // a task queues run before the next one begins)
  let task = 0;
  let tasks = 0;
  const inTask =
    (fn: () => void): (() => void) =>
    () => {
      task = ++tasks;
      fn();
    };
  /** What each appendChild to the head added, with the task it ran in. */
  const appended: Array<{ task: number; hrefs: string[] }> = [];
  const listeners = new Map<string, Array<(event: { type: string }) => void>>();
  const importedIn: number[] = [];
  const context: Record<string, unknown> = {
    __import: (href: string) => {
      imported.push(href);
      importedIn.push(task);
      return Promise.resolve({ href });
    },
    document: {
      readyState,
      // the element running: the boot reads its plan from its attribute
      currentScript: { getAttribute: (name: string) => (name === 'data-boot-plan' ? plan : null) },
      head: {
        appendChild: (f: { hrefs: string[] }) => {
          appended.push({ task, hrefs: f.hrefs });
          preloaded.push(...f.hrefs);
        },
      },
      createElement: () => ({}),
      createDocumentFragment: () => {
        const hrefs: string[] = [];
        return { hrefs, appendChild: (l: { href: string }) => hrefs.push(l.href) };
      },
    },
    addEventListener: (type: string, fn: (event: { type: string }) => void) =>
      listeners.set(type, [...(listeners.get(type) ?? []), fn]),
    removeEventListener: (type: string, fn: (event: { type: string }) => void) =>
      listeners.set(
        type,
        (listeners.get(type) ?? []).filter((f) => f !== fn),
      ),
    requestAnimationFrame: (fn: () => void) => setTimeout(inTask(fn), 0),
    setTimeout: (fn: () => void, ms?: number) => setTimeout(inTask(fn), ms),
    Promise,
  };
  context.window = context;
  vm.runInNewContext(script.replaceAll('import(', '__import('), context);
  return {
    imported,
    importedIn,
    preloaded,
    appended,
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
        { id: 'root', href: '/assets/root-2.js' },
        { id: 'routes/page', href: '/assets/page-3.js' },
      ],
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
      /<script>window.__reactRouterContext = \{\};<\/script><script data-boot-plan='[^']*'>\(function\(\)\{.*\}\)\(\);<\/script><\/body>/,
    );
  });

  it('loads nothing before the page has loaded, then the shared chunks one by one, the route modules, and the entry last', async () => {
    const page$ = run(deferHydration(page), 'loading');
    await settle();
    expect(page$.imported).toEqual([]);
    page$.fire('load');
    await settle();
    // every preload, in the order the chunks are evaluated
    expect(page$.preloaded).toEqual([
      '/assets/react-5.js',
      '/assets/router-6.js',
      '/assets/manifest-1.js',
      '/assets/entry.client-4.js',
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
    // the first preloads are requested in the key press's own task
    expect(page$.preloaded).toEqual(['/assets/react-5.js', '/assets/router-6.js']);
    await settle();
    expect(page$.imported.at(-1)).toBe('/assets/entry.client-4.js');
  });

  // A page with as many chunks as the site's largest (13 preloads).
  const shared = Array.from({ length: 9 }, (_, i) => `/assets/chunk${i}-9.js`);
  const bigScript = routerScript.replace(
    'import "/assets/manifest-1.js";',
    'import "/assets/manifest-1.js";\nimport "/assets/side-7.js";',
  );
  const bigPage = page
    .replace(
      '<link rel="stylesheet"',
      `${[...shared, '/assets/root-2.js', '/assets/page-3.js', '/assets/side-7.js'].map((href) => `<link rel="modulepreload" href="${href}"/>`).join('')}<link rel="stylesheet"`,
    )
    .replace(routerScript, bigScript);
  const evaluationOrder = [
    '/assets/react-5.js',
    '/assets/router-6.js',
    ...shared,
    '/assets/manifest-1.js',
    '/assets/side-7.js',
    '/assets/root-2.js',
    '/assets/page-3.js',
    '/assets/entry.client-4.js',
  ];

  it('appends the preloads two per task, all before the first chunk is evaluated, then evaluates in order', async () => {
    const page$ = run(deferHydration(bigPage), 'loading');
    page$.fire('load');
    await settle();
    // every preload once, in the order the chunks are evaluated
    expect(page$.preloaded).toEqual(evaluationOrder);
    // at most two in a task, each batch in a task of its own
    expect(page$.appended.length).toBe(Math.ceil(evaluationOrder.length / 2));
    for (const batch of page$.appended) expect(batch.hrefs.length).toBeLessThanOrEqual(2);
    const batchTasks = page$.appended.map((batch) => batch.task);
    expect(new Set(batchTasks).size).toBe(batchTasks.length);
    // nothing is imported before every chunk has been requested, nor in a batch's task
    expect(Math.min(...page$.importedIn)).toBeGreaterThan(Math.max(...batchTasks));
    // the imports: the shared chunks one by one, the route modules, the entry last
    expect(page$.imported).toEqual(evaluationOrder);
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
    const withScript = (script: string) => page.replace(routerScript, script);
    const refusals: Array<[string, string, RegExp]> = [
      [
        'a statement it does not know',
        routerScript.replace('import("/assets/entry', 'load("/assets/entry'),
        /unexpected statement in the boot script .*load\("\/assets\/entry.client-4.js"\).*Teach parseBootScript/s,
      ],
      [
        // what React Router writes with future.v8_splitRouteModules
        'split route modules',
        routerScript.replace(
          'import * as route1 from "/assets/page-3.js";',
          'import * as route1_clientLoader from "/assets/page-loader.js";\nimport * as route1_main from "/assets/page-3.js";\nconst route1 = {...route1_clientLoader,...route1_main};',
        ),
        /unexpected statement in the boot script \(not an import\): const route1 =/,
      ],
      [
        // what React Router writes with lazy route discovery
        'an inline manifest',
        routerScript.replace(
          '  window.__reactRouterRouteModules',
          '  window.__reactRouterManifest = {};\n  window.__reactRouterRouteModules',
        ),
        /unexpected statement .*window.__reactRouterManifest = \{\}/s,
      ],
      [
        'no entry',
        routerScript.replace('import("/assets/entry.client-4.js");', ''),
        /imports no client entry/,
      ],
      [
        'no route modules assigned',
        routerScript.replace(/window.__reactRouterRouteModules = .*;/, ''),
        /assigns no route modules/,
      ],
      [
        'a route imported but not assigned',
        routerScript.replace(',"routes/page":route1', ''),
        /the route modules imported \(route0, route1\) are not the ones assigned \(route0\)/,
      ],
      [
        'a route assigned but not imported',
        routerScript.replace('route1};', 'route1,"x":route2};'),
        /are not the ones assigned \(route0, route1, route2\)/,
      ],
      ['no JavaScript', `${routerScript} {`, /the boot script does not parse/],
    ];
    for (const [what, script, message] of refusals) {
      expect(() => deferHydration(withScript(script)), what).toThrow(message);
    }
    expect(() =>
      deferHydration(page.replace(/<script type="module"[\s\S]*?<\/script>/, '')),
    ).toThrow(/expected one inline module script, found 0/);
    expect(
      () =>
        deferHydration(page.replace('<script type="module" async="">', '<script type="module">')),
      'a module script of another form',
    ).toThrow(
      /expected one inline module script, found 0 \(and 1 <script type="module"> of any form\)/,
    );
    expect(() =>
      deferHydration(
        page.replace(
          '<link rel="modulepreload" href="/assets/react-5.js"/>',
          '<link rel="modulepreload" href="/assets/react-5.js" crossorigin=""/>',
        ),
      ),
    ).toThrow(
      /a module preload in a form this step does not know: <link rel="modulepreload" href="\/assets\/react-5.js" crossorigin=""\/>/,
    );
  });

  it('writes the page’s plan into the boot element’s attribute; the script is the same on every page', () => {
    const { plan, script } = bootOf(deferHydration(page));
    expect(JSON.parse(plan)).toEqual({
      preload: [
        '/assets/react-5.js',
        '/assets/router-6.js',
        '/assets/manifest-1.js',
        '/assets/entry.client-4.js',
      ],
      chunks: ['/assets/react-5.js', '/assets/router-6.js'],
      modules: ['/assets/manifest-1.js', '/assets/root-2.js', '/assets/page-3.js'],
      routes: { root: 1, 'routes/page': 2 },
      entry: '/assets/entry.client-4.js',
    });
    // another page's plan, the same script text (one hash in the Content-Security-Policy)
    const other = bootOf(
      deferHydration(page.replaceAll('/assets/page-3.js', '/assets/other-7.js')),
    );
    expect(JSON.parse(other.plan).modules).toContain('/assets/other-7.js');
    expect(other.script).toBe(script);
    expect(script).not.toContain('page-3');
    // no text of a plan can end the attribute or the element
    const odd = boot({ preload: [], chunks: [], modules: ["'></script>&"], routes: {}, entry: '' });
    expect(odd).not.toContain("</script>'");
    expect(odd.match(/<\/script>/g)).toHaveLength(1);
    expect(JSON.parse(bootOf(odd).plan).modules).toEqual(["'></script>&"]);
  });

  it('gives a script the browser can parse', () => {
    const { script } = bootOf(deferHydration(page));
    expect(() => new Function(script)).not.toThrow();
  });
});
