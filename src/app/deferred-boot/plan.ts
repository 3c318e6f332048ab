/**
 * What the deferred boot (script.ts) loads on a page: read from React Router's boot script and
 * the page's module preloads by scripts/defer-hydration.ts, and written into the page's inline
 * script element's attribute as JSON. Types and constants: the boot bundles this file.
 */
export interface BootPlan {
  /** Every module preload of the page, in the order the chunks are evaluated. */
  preload: string[];
  /** The chunks the route modules share (React DOM, React Router, the site shell), in order. */
  chunks: string[];
  /** React Router's side-effect imports (its manifest), then the route modules. */
  modules: string[];
  /** `window.__reactRouterRouteModules`: each route's id and its module's index in `modules`. */
  routes: Record<string, number>;
  /** React Router's client entry, imported last: it hydrates. */
  entry: string;
}

/** The boot script element's attribute that holds the page's plan (JSON). */
export const BOOT_PLAN_ATTRIBUTE = 'data-boot-plan';

/** How many module preloads the boot appends in one task (see script.ts). */
export const PRELOADS_PER_TASK = 2;
