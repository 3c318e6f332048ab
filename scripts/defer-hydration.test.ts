import { describe, expect, it } from 'vitest';
import { deferHydration, parseBootScript } from './defer-hydration';

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
    // the chunks it loads once started: all former preloads at once, then evaluated one by one:
    // the shared chunks, the route modules, the entry
    expect(html).toContain(
      '["/assets/manifest-1.js","/assets/entry.client-4.js","/assets/react-5.js","/assets/router-6.js"].forEach',
    );
    expect(html).toContain('["/assets/react-5.js","/assets/router-6.js"].reduce');
    expect(html).toContain(
      'Promise.all(["/assets/manifest-1.js","/assets/root-2.js","/assets/page-3.js"].map',
    );
    expect(html).toContain('var route0=m[1],route1=m[2];window.__reactRouterRouteModules');
    expect(html).toContain('return import("/assets/entry.client-4.js")');
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
