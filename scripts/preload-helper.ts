/**
 * A smaller `__vitePreload` in the client build (every byte of the first load counts: `/` is held
 * to 125 KB gzipped). Vite
 * wraps every dynamic `import()` of the client build in its helper `\0vite/preload-helper.js`,
 * which lands in the site chunk (the toast code there imports sonner with `import()`): about
 * 660 B gzipped of every page's first load. This plugin loads src/lib/preload-helper.ts in its
 * place (the same preloading, without the parts this site never takes; 312 B less per page).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

export const PRELOAD_HELPER_ID = '\0vite/preload-helper.js';

export function preloadHelper(root: string): Plugin {
  const file = path.join(root, 'src', 'lib', 'preload-helper.ts');
  return {
    name: 'glanspunkt:preload-helper',
    apply: 'build',
    enforce: 'pre',
    applyToEnvironment: (environment) => environment.name === 'client',
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler() {
        this.addWatchFile(file);
        return { code: readFileSync(file, 'utf8'), moduleType: 'ts' };
      },
    },
  };
}
