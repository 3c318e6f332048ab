/**
 * The client build's `__vitePreload` (scripts/preload-helper.ts puts it in place of Vite's own
 * `\0vite/preload-helper.js`): Vite wraps every dynamic `import()` of the client build in it,
 * with the imported chunk's dependencies (paths under the base '/', e.g. `assets/x-1a2b.js`).
 * Not imported by any module of src/.
 *
 * The same as Vite's helper: before the import, each dependency the page has no `<link>` for yet
 * gets one (`modulepreload` for a script, so that the browser fetches the chunk's imports in
 * parallel instead of one level at a time; `stylesheet` for CSS, whose load is awaited), each URL
 * once; a stylesheet that fails to load fails the import (once the others have settled). Without
 * what this site never takes, which was most of its 660 B gzipped in every page's first load: the
 * CSP nonce lookup (the CSP allows inline scripts by hash), import maps, the `vite:preloadError`
 * event (nothing listens for it).
 */
const seen: Record<string, Promise<unknown> | undefined> = {};

function preloadOnce(dep: string): Promise<unknown> | undefined {
  const href = new URL(`/${dep}`, document.baseURI).href;
  if (href in seen) return seen[href];
  const css = href.endsWith('.css');
  for (const link of document.getElementsByTagName('link')) {
    if (link.href === href && (!css || link.rel === 'stylesheet')) return (seen[href] = undefined);
  }
  const link = document.createElement('link');
  link.rel = css ? 'stylesheet' : 'modulepreload';
  if (!css) link.as = 'script';
  link.crossOrigin = '';
  link.href = href;
  document.head.appendChild(link);
  if (!css) return (seen[href] = undefined);
  return (seen[href] = new Promise((resolve, reject) => {
    link.addEventListener('load', resolve);
    link.addEventListener('error', () => reject(new Error(`Unable to preload CSS for ${href}`)));
  }).finally(() => {
    seen[href] = undefined;
  }));
}

export function __vitePreload<T>(load: () => Promise<T>, deps?: string[]): Promise<T> {
  if (!deps || deps.length === 0) return load();
  return Promise.allSettled(deps.map(preloadOnce)).then((results) => {
    for (const result of results) if (result.status === 'rejected') throw result.reason;
    return load();
  });
}
