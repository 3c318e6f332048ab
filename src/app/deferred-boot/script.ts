/**
 * The deferred boot: the classic script that stands, in every prerendered page, where React
 * Router's inline module script was (scripts/defer-hydration.ts puts it there, compiled by
 * scripts/compile-inline-script.ts, with the page's BootPlan in its `data-boot-plan` attribute).
 * It starts the same imports once the page has painted (see scripts/defer-hydration.ts for why).
 *
 * When: after the load event (the images in the HTML are in) and the first contentful paint, two
 * frames later, so that what has loaded is on screen first; at once on a key press; after the
 * frame that follows a touch or pointer press once it ends (or 500 ms after it began), or a focus.
 * So what the press itself shows (the booking form's early list,
 * src/features/booking/early-press/script.ts) is painted before the boot's work (appending the
 * module preloads is 30-70 ms under a 4x slower CPU, then the chunks' evaluation) instead of
 * after it. Browsers without paint timing wait for the load event only.
 *
 * How: all chunks are preloaded first (they download in parallel), in the order they will be
 * evaluated, `PRELOADS_PER_TASK` at a time with a task boundary between the batches: appending a
 * preload starts a request, and the 9-13 of a page appended in one task made a task of 12-19 ms
 * wall time on a quiet 2-core host (4-5 ms CPU), which Lighthouse's simulation multiplies by 4 into
 * a long task. Then they are evaluated one at a time with a pause between them: the shared chunks
 * (React DOM, React Router, the site shell) first, then the route modules, then the client entry,
 * which hydrates. On a slow phone that is several shorter tasks instead of one long one the
 * visitor cannot interrupt. The task boundaries are `setTimeout(0)` (Chrome clamps the fifth and
 * later nested ones to 4 ms, a few ms in all; a `new MessageChannel()` per boundary, tried, cost
 * 1.3-1.8 ms of wall time each in Lighthouse's traces).
 *
 * Before hydration a click on a button (the menu, the theme switch, a consent button, the booking
 * form's submit) cannot reach React: it is held back (no native form submission either), starts
 * the boot at once, and is replayed on the same button when the app reports it has hydrated.
 * A button marked `data-own-replay` replays its own presses (the booking form's service field,
 * which hydrates after the app: src/features/booking/early-press/script.ts).
 */
import { HYDRATED_EVENT } from '~/lib/hydration';
import { BOOT_PLAN_ATTRIBUTE, type BootPlan, PRELOADS_PER_TASK } from './plan';

/**
 * The page's plan: scripts/defer-hydration.ts writes it, as JSON, into this script element's
 * attribute, so that the script's text is the same on every page and one hash of the
 * Content-Security-Policy (sent with every response) covers it on all of them. Read while the
 * script runs, the one moment `currentScript` is this element.
 */
const plan = JSON.parse(
  (document.currentScript as HTMLScriptElement).getAttribute(BOOT_PLAN_ATTRIBUTE)!,
) as BootPlan;
const intents = ['keydown', 'pointerdown', 'touchstart', 'focusin'];
let started = false;
let soon = false;
let hydrated = false;
/** The button a click before hydration was held on. */
let held: HTMLElement | null = null;

const pause = () => new Promise((resolve) => setTimeout(resolve, 0));
const load = (href: string) => () => import(/* @vite-ignore */ href).then(pause);

function start() {
  if (started) return;
  started = true;
  for (const type of intents) removeEventListener(type, intent, true);
  preload(plan.preload);
}

function preload(queue: string[]) {
  const fragment = document.createDocumentFragment();
  for (const href of queue.slice(0, PRELOADS_PER_TASK)) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    fragment.appendChild(link);
  }
  document.head.appendChild(fragment);
  setTimeout(
    queue.length > PRELOADS_PER_TASK ? () => preload(queue.slice(PRELOADS_PER_TASK)) : evaluate,
    0,
  );
}

function evaluate() {
  plan.chunks
    .reduce<Promise<unknown>>((previous, href) => previous.then(load(href)), Promise.resolve())
    .then(() => Promise.all(plan.modules.map((href) => import(/* @vite-ignore */ href))))
    .then((modules) => {
      // what React Router's own boot script assigns: each route's module under its id
      const routeModules: Record<string, unknown> = {};
      for (const id in plan.routes) routeModules[id] = modules[plan.routes[id]!];
      (window as { __reactRouterRouteModules?: unknown }).__reactRouterRouteModules = routeModules;
      return pause();
    })
    .then(() => import(/* @vite-ignore */ plan.entry));
}

function later() {
  if (soon) return;
  soon = true;
  requestAnimationFrame(() => setTimeout(start, 0));
}

function intent(event: Event) {
  if (started) return;
  if (event.type === 'keydown') return start();
  if (event.type === 'focusin') return later();
  for (const type of ['pointerup', 'pointercancel', 'touchend', 'touchcancel'])
    addEventListener(type, later, { capture: true, passive: true, once: true });
  setTimeout(later, 500);
}

function hold(event: Event) {
  if (hydrated) return;
  const target = event.target as Element | null;
  const button = target && target.closest && target.closest<HTMLElement>('button,[role=button]');
  if (!button || button.hasAttribute('data-own-replay')) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held = button;
  start();
}

addEventListener('click', hold, true);
addEventListener(
  HYDRATED_EVENT,
  () => {
    hydrated = true;
    removeEventListener('click', hold, true);
    if (held && held.isConnected) {
      const button = held;
      held = null;
      button.click();
    }
  },
  { once: true },
);
for (const type of intents) addEventListener(type, intent, { capture: true, passive: true });

let loaded = document.readyState === 'complete';
let painted = false;
function ready() {
  if (loaded && painted)
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
}
if (!loaded)
  addEventListener(
    'load',
    () => {
      loaded = true;
      ready();
    },
    { once: true },
  );
const types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
if (types && types.indexOf('paint') >= 0) {
  new PerformanceObserver((list, observer) => {
    if (list.getEntriesByName('first-contentful-paint').length) {
      observer.disconnect();
      painted = true;
      ready();
    }
  }).observe({ type: 'paint', buffered: true });
} else painted = true;
ready();
