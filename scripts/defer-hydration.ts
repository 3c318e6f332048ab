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
 *   once the page has loaded and painted, or at once on the visitor's first key press or touch:
 *   the deferred boot, src/app/deferred-boot/script.ts (when and how: its comment), compiled
 *   once (scripts/compile-inline-script.ts), with the page's plan (what to load, in which order)
 *   as JSON in the element's `data-boot-plan` attribute: the script's text is the same on every
 *   page, so one hash of the Content-Security-Policy covers it (one per page before: 11 hashes,
 *   0.5 KB more in the header every response carries).
 *
 * The replacement keeps the element where React hydrates it (a `<script>` in the same place), so
 * hydration still matches. What the plan needs is only written in React Router's script (which
 * routes matched this page, under which ids), so the script is read, with a JavaScript parser,
 * and must be exactly the shape React Router 7 writes: anything else (an upgrade, a future flag
 * such as split route modules or lazy route discovery) stops the build with the statement it did
 * not expect, rather than ship a page that never hydrates. The HTML around it is React's own
 * serialisation; a preload or module script in any other form stops the build too.
 */
import { fileURLToPath } from 'node:url';
import { parseAst } from 'vite';
import { BOOT_PLAN_ATTRIBUTE, type BootPlan } from '../src/app/deferred-boot/plan';
import { compileInlineScript } from './compile-inline-script';

const BOOT_SCRIPT = fileURLToPath(new URL('../src/app/deferred-boot/script.ts', import.meta.url));

const PRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const KNOWN_PRELOAD = /^<link rel="modulepreload" href="[^"]+"\/>$/;
const ANY_PRELOAD = /<link\b[^>]*\bmodulepreload\b[^>]*>/g;
const MODULE_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const ANY_MODULE_SCRIPT = /<script\b[^>]*\btype="module"[^>]*>/g;

function fail(message: string): never {
  throw new Error(`defer-hydration: ${message}`);
}

export interface Boot {
  /** `import "…";` (React Router's manifest). */
  sideEffects: string[];
  /** `import * as routeN from "…";`, with the id `window.__reactRouterRouteModules` gives it. */
  routes: Array<{ id: string; href: string }>;
  /** `import("…");`: the client entry. */
  entry: string;
}

type Statement = ReturnType<typeof parseAst>['body'][number];

/** Reads React Router's inline module script; throws if it is not the shape this step knows. */
export function parseBootScript(body: string): Boot {
  let statements: Statement[];
  try {
    statements = parseAst(body).body;
  } catch (error) {
    fail(`the boot script does not parse: ${(error as Error).message}\n${body}`);
  }
  function unexpected(statement: Statement, why: string): never {
    fail(
      `unexpected statement in the boot script (${why}): ${body.slice(statement.start, statement.end)}\n` +
        'React Router wrote its inline module script in a shape this step does not know (an ' +
        'upgrade, or a future flag such as split route modules or lazy route discovery?). Teach ' +
        'parseBootScript the new shape; until then the build stops rather than ship pages that ' +
        'never hydrate.',
    );
  }
  const sideEffects: string[] = [];
  /** route variable -> module, in the order of the imports */
  const imported = new Map<string, string>();
  /** route variable -> route id, from the assignment */
  let ids: Map<string, string> | undefined;
  let entry: string | undefined;
  for (const statement of statements) {
    if (statement.type === 'ImportDeclaration') {
      if (statement.attributes.length > 0) unexpected(statement, 'an import with attributes');
      const href = statement.source.value;
      const [specifier, ...more] = statement.specifiers;
      if (!specifier) {
        if (imported.size > 0) unexpected(statement, 'a side-effect import after the routes');
        sideEffects.push(href);
      } else if (
        more.length === 0 &&
        specifier.type === 'ImportNamespaceSpecifier' &&
        !imported.has(specifier.local.name)
      ) {
        imported.set(specifier.local.name, href);
      } else unexpected(statement, 'not `import * as routeN from "…"`');
      continue;
    }
    if (statement.type !== 'ExpressionStatement') unexpected(statement, 'not an import');
    const expression = statement.expression;
    if (expression.type === 'ImportExpression') {
      if (
        entry !== undefined ||
        expression.options ||
        expression.source.type !== 'Literal' ||
        typeof expression.source.value !== 'string'
      ) {
        unexpected(statement, 'not one `import("…")` of the entry');
      }
      entry = expression.source.value;
      continue;
    }
    if (
      expression.type !== 'AssignmentExpression' ||
      expression.operator !== '=' ||
      expression.left.type !== 'MemberExpression' ||
      expression.left.computed ||
      expression.left.object.type !== 'Identifier' ||
      expression.left.object.name !== 'window' ||
      expression.left.property.type !== 'Identifier' ||
      expression.left.property.name !== '__reactRouterRouteModules' ||
      expression.right.type !== 'ObjectExpression' ||
      ids !== undefined
    ) {
      unexpected(statement, 'not one `window.__reactRouterRouteModules = {…}`');
    }
    ids = new Map();
    for (const property of expression.right.properties) {
      if (
        property.type !== 'Property' ||
        property.kind !== 'init' ||
        property.computed ||
        property.key.type !== 'Literal' ||
        typeof property.key.value !== 'string' ||
        property.value.type !== 'Identifier' ||
        ids.has(property.value.name)
      ) {
        unexpected(statement, 'a route that is not `"id":routeN`');
      }
      ids.set(property.value.name, property.key.value);
    }
  }
  if (entry === undefined) fail(`the boot script imports no client entry:\n${body}`);
  if (ids === undefined) fail(`the boot script assigns no route modules:\n${body}`);
  const vars = [...imported.keys()];
  const assigned = ids;
  if (vars.length === 0 || vars.length !== assigned.size || vars.some((v) => !assigned.has(v))) {
    fail(
      `the route modules imported (${vars.join(', ')}) are not the ones assigned ` +
        `(${[...assigned.keys()].join(', ')}):\n${body}`,
    );
  }
  return {
    sideEffects,
    routes: vars.map((name) => ({ id: assigned.get(name)!, href: imported.get(name)! })),
    entry,
  };
}

/** What the deferred boot loads on this page, and in which order (see src/app/deferred-boot). */
export function bootPlan(boot: Boot, preloads: string[]): BootPlan {
  const modules = [...boot.sideEffects, ...boot.routes.map((route) => route.href)];
  const chunks = preloads.filter((href) => !modules.includes(href) && href !== boot.entry);
  return {
    // every preload of the page, in the order the chunks are evaluated
    preload: [...chunks, ...modules, boot.entry].filter((href) => preloads.includes(href)),
    chunks,
    modules,
    routes: Object.fromEntries(
      boot.routes.map((route, index) => [route.id, boot.sideEffects.length + index]),
    ),
    entry: boot.entry,
  };
}

/** A page's deferred boot: the `<script>` element, the compiled boot with the page's plan. */
export type DeferredBoot = (plan: BootPlan) => string;

/**
 * The plan as a single-quoted attribute value (JSON's double quotes stay as they are: shorter,
 * and better compressed), with what would end or break the attribute escaped.
 */
function attributeValue(plan: BootPlan): string {
  return JSON.stringify(plan)
    .replace(/&/g, '&amp;')
    .replace(/'/g, '&#39;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/** Compiles the deferred boot (src/app/deferred-boot/script.ts) once for every page. */
export async function compileDeferredBoot(): Promise<DeferredBoot> {
  const { code } = await compileInlineScript(BOOT_SCRIPT);
  if (!code.includes(BOOT_PLAN_ATTRIBUTE)) {
    fail(`the compiled boot does not read its plan from ${BOOT_PLAN_ATTRIBUTE}:\n${code}`);
  }
  if (code.includes('</')) fail(`the compiled boot would end its own element:\n${code}`);
  return (plan) => `<script ${BOOT_PLAN_ATTRIBUTE}='${attributeValue(plan)}'>${code}</script>`;
}

/** The page with its module preloads removed and its boot script deferred. */
export function deferHydration(html: string, deferredBoot: DeferredBoot): string {
  const preloads = [...html.matchAll(PRELOAD)].map((match) => match[1]!);
  const unknownPreloads = (html.match(ANY_PRELOAD) ?? []).filter((tag) => !KNOWN_PRELOAD.test(tag));
  if (unknownPreloads.length > 0) {
    fail(`a module preload in a form this step does not know: ${unknownPreloads.join(' ')}`);
  }
  const scripts = [...html.matchAll(MODULE_SCRIPT)];
  const moduleScripts = html.match(ANY_MODULE_SCRIPT)?.length ?? 0;
  if (scripts.length !== 1 || moduleScripts !== 1) {
    fail(
      `expected one inline module script, found ${scripts.length}` +
        (moduleScripts !== scripts.length
          ? ` (and ${moduleScripts} <script type="module"> of any form)`
          : ''),
    );
  }
  const script = deferredBoot(bootPlan(parseBootScript(scripts[0]![1]!), preloads));
  return html.replace(PRELOAD, '').replace(MODULE_SCRIPT, () => script);
}
