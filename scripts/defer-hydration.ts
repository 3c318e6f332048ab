/**
 * Paint first, hydrate second. Every page is prerendered and complete without JavaScript (links
 * are real links, the header and footer are plain HTML), so the browser should spend its first
 * bandwidth and CPU on the HTML, the stylesheet, the font and the hero image, not on 130 KB of
 * React it does not need to show the page.
 *
 * React Router emits `<link rel="modulepreload">` for every chunk of the page and an inline module
 * script that imports the route modules and then the client entry (which hydrates). This step,
 * run on the prerendered HTML by scripts/postbuild.ts:
 * - drops the module preloads from the HTML (React re-adds them when it hydrates, as it does for
 *   any hoistable `<link>`), and
 * - replaces the inline module script, in place, by a classic script that starts the same imports
 *   (preloads first, so the chunks download in parallel, then the route modules, then the entry)
 *   once the page has loaded and painted, or at once on the visitor's first key press or touch.
 *
 * The replacement keeps the element where React hydrates it (a `<script>` in the same place), so
 * hydration still matches. If React Router ever changes the shape of its script, this throws at
 * build time rather than shipping a page that never hydrates.
 */

import { HYDRATED_EVENT } from '../src/lib/hydration';

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;

interface Boot {
  sideEffects: string[];
  routes: Array<{ name: string; href: string }>;
  assignment: string;
  entry: string;
}

/** Reads React Router's inline module script; throws if it is not the shape this step knows. */
export function parseBootScript(body: string): Boot {
  const boot: Boot = { sideEffects: [], routes: [], assignment: '', entry: '' };
  const statements = body
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  for (const statement of statements) {
    let match: RegExpExecArray | null;
    if ((match = /^import "([^"]+)";$/.exec(statement))) {
      boot.sideEffects.push(match[1]!);
    } else if ((match = /^import \* as (route\d+) from "([^"]+)";$/.exec(statement))) {
      boot.routes.push({ name: match[1]!, href: match[2]! });
    } else if (/^window\.__reactRouterRouteModules = \{[^}]*\};$/.test(statement)) {
      boot.assignment = statement;
    } else if ((match = /^import\("([^"]+)"\);$/.exec(statement))) {
      boot.entry = match[1]!;
    } else {
      throw new Error(`defer-hydration: unexpected statement in the boot script: ${statement}`);
    }
  }
  if (!boot.entry || !boot.assignment || boot.routes.length === 0) {
    throw new Error('defer-hydration: the boot script has no route modules or no client entry');
  }
  return boot;
}

/**
 * The classic script that starts the imports once the page has painted (see the file comment).
 *
 * When: after the load event (the images in the HTML are in) and the first contentful paint, two
 * frames later, so that what has loaded is on screen first; at once on a key press; after the
 * frame that follows a touch or pointer press once it ends (or 500 ms after it began), or a focus.
 * So what the press itself shows (the booking form's early list, early-press.ts) is painted
 * before the boot's work (appending the module preloads is 30-70 ms under a 4x slower CPU, then
 * the chunks' evaluation) instead of after it. Browsers without paint timing wait for the load
 * event only.
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
 * which hydrates after the app: src/features/booking/early-press.ts).
 */
/** How many module preloads the boot appends in one task (see deferredBootScript). */
export const PRELOADS_PER_TASK = 2;

export function deferredBootScript(boot: Boot, preloads: string[]): string {
  const modules = [...boot.sideEffects, ...boot.routes.map((route) => route.href)];
  const chunks = preloads.filter((href) => !modules.includes(href) && href !== boot.entry);
  // every preload of the page, in the order the chunks are evaluated
  const ordered = [...chunks, ...modules, boot.entry].filter((href) => preloads.includes(href));
  const routeVars = boot.routes
    .map((route, index) => `${route.name}=m[${boot.sideEffects.length + index}]`)
    .join(',');
  const json = (value: unknown) => JSON.stringify(value);
  return `(function(){
var started=false,soon=false,hydrated=false,held=null,intents=["keydown","pointerdown","touchstart","focusin"];
function pause(){return new Promise(function(r){setTimeout(r,0)})}
function load(h){return function(){return import(h).then(pause)}}
function start(){
if(started)return;started=true;
intents.forEach(function(t){removeEventListener(t,intent,true)});
preload(${json(ordered)});
}
function preload(q){
var f=document.createDocumentFragment();
q.slice(0,${PRELOADS_PER_TASK}).forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;f.appendChild(l)});
document.head.appendChild(f);
setTimeout(q.length>${PRELOADS_PER_TASK}?function(){preload(q.slice(${PRELOADS_PER_TASK}))}:evaluate,0);
}
function evaluate(){
${json(chunks)}.reduce(function(p,h){return p.then(load(h))},Promise.resolve())
.then(function(){return Promise.all(${json(modules)}.map(function(h){return import(h)}))})
.then(function(m){var ${routeVars};${boot.assignment}return pause()})
.then(function(){return import(${json(boot.entry)})});
}
function later(){if(soon)return;soon=true;requestAnimationFrame(function(){setTimeout(start,0)})}
function intent(e){
if(started)return;
if(e.type==="keydown")return start();
if(e.type==="focusin")return later();
["pointerup","pointercancel","touchend","touchcancel"].forEach(function(t){addEventListener(t,later,{capture:true,passive:true,once:true})});
setTimeout(later,500);
}
function hold(e){
if(hydrated)return;
var b=e.target&&e.target.closest&&e.target.closest("button,[role=button]");
if(!b||b.hasAttribute("data-own-replay"))return;
e.preventDefault();e.stopImmediatePropagation();held=b;start();
}
addEventListener("click",hold,true);
addEventListener(${json(HYDRATED_EVENT)},function(){
hydrated=true;removeEventListener("click",hold,true);
if(held&&held.isConnected){var b=held;held=null;b.click()}
},{once:true});
intents.forEach(function(t){addEventListener(t,intent,{capture:true,passive:true})});
var loaded=document.readyState==="complete",painted=false;
function ready(){if(loaded&&painted)requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,0)})})}
if(!loaded)addEventListener("load",function(){loaded=true;ready()},{once:true});
var types=window.PerformanceObserver&&PerformanceObserver.supportedEntryTypes;
if(types&&types.indexOf("paint")>=0){
new PerformanceObserver(function(list,observer){
if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();painted=true;ready()}
}).observe({type:"paint",buffered:true});
}else painted=true;
ready();
})();`.replace(/\n/g, '');
}

/** The page with its module preloads removed and its boot script deferred. */
export function deferHydration(html: string): string {
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1]!);
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  if (scripts.length !== 1) {
    throw new Error(`defer-hydration: expected one inline module script, found ${scripts.length}`);
  }
  const boot = parseBootScript(scripts[0]![1]!);
  return html
    .replace(PRELOAD, '')
    .replace(MODULE_SCRIPT, () => `<script>${deferredBootScript(boot, preloads)}</script>`);
}
