/**
 * Lucide icons as one same-origin SVG sprite in the production build (less first-load JavaScript
 * on every page). lucide-react draws each icon from path data in the JavaScript (about 3 KB
 * gzipped of path data and drawing code on `/`). This plugin:
 * - reads which icons src/ imports from 'lucide-react' (when the config loads, so that the client
 *   and the prerender build agree on the sprite's URL),
 * - writes their path data once into `assets/icons-<hash>.svg` (a `<symbol>` per icon, cached
 *   for good like every hashed asset), and
 * - replaces each such icon module by a component that draws `<svg><use href="…#name"/></svg>`
 *   with the attributes and classes lucide-react gives the `<svg>` (src/components/sprite-icon.tsx).
 * The browser fetches the sprite while it parses the HTML (the first `<use>` names it), in
 * parallel with the stylesheet. Dev and the unit tests keep lucide-react's own components.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { escapeHtml } from '../supabase/functions/_shared/escape-html.ts';

const LUCIDE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]/;
const ICON_MODULE = /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]([a-z0-9-]+)\.mjs$/;

type IconNode = Array<[string, Record<string, string | number>]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The icon files (lucide's kebab-case names) of every value imported from 'lucide-react'. */
export function usedIcons(root: string): string[] {
  const esm = path.join(root, 'node_modules', 'lucide-react', 'dist', 'esm');
  const fileOf = new Map<string, string>();
  const barrel = readFileSync(path.join(esm, 'lucide-react.mjs'), 'utf8');
  for (const [, names = '', file = ''] of barrel.matchAll(
    /export \{([^}]*)\} from '\.\/icons\/([a-z0-9-]+)\.mjs'/g,
  )) {
    for (const [, name] of names.matchAll(/default as (\w+)/g)) fileOf.set(name!, file);
  }
  const used = new Set<string>();
  for (const file of sourceFiles(path.join(root, 'src'))) {
    const code = readFileSync(file, 'utf8');
    for (const [, names = ''] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
      for (const item of names.split(',')) {
        const name = item.trim().split(/\s+as\s+/)[0]!;
        if (name && !name.startsWith('type ') && fileOf.has(name)) used.add(fileOf.get(name)!);
      }
    }
  }
  return [...used].sort();
}

function iconNode(root: string, name: string): IconNode {
  const file = path.join(
    root,
    'node_modules',
    'lucide-react',
    'dist',
    'esm',
    'icons',
    `${name}.mjs`,
  );
  const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(readFileSync(file, 'utf8'))?.[1];
  if (!literal) throw new Error(`icon-sprite: no icon data in ${file}`);
  // lucide's own module text: a plain object literal of strings and numbers
  return (new Function(`return ${literal}`)() as { node: IconNode }).node;
}

export function spriteSvg(root: string, names: string[]): string {
  const symbols = names.map((name) => {
    const shapes = iconNode(root, name)
      .map(([tag, attrs]) => {
        const list = Object.entries(attrs)
          .filter(([key]) => key !== 'key')
          .map(([key, value]) => `${key}="${escapeHtml(String(value))}"`)
          .join(' ');
        return `<${tag} ${list}/>`;
      })
      .join('');
    return `<symbol id="${name}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>\n`;
}

export function iconSprite(root: string): Plugin {
  const names = usedIcons(root);
  const svg = spriteSvg(root, names);
  const fileName = `assets/icons-${createHash('sha256').update(svg).digest('hex').slice(0, 8)}.svg`;
  const url = `/${fileName}`;
  const included = new Set(names);
  return {
    name: 'glanspunkt:icon-sprite',
    apply: 'build',
    enforce: 'pre',
    transform(_code, id) {
      // lucide-react's drawing code (Icon, createLucideIcon: forwardRef calls at module level)
      // would otherwise stay in the bundle, unused, as possible side effects
      if (!ICON_MODULE.test(id) && LUCIDE.test(id))
        return { code: _code, moduleSideEffects: false };
      const name = ICON_MODULE.exec(id)?.[1];
      if (!name || !included.has(name)) return null;
      return {
        code: `import { spriteIcon } from '~/components/sprite-icon';\nexport default spriteIcon(${JSON.stringify(name)}, ${JSON.stringify(url)});\n`,
        map: null,
        moduleSideEffects: false,
      };
    },
    generateBundle() {
      if (this.environment?.name === 'ssr') return;
      this.emitFile({ type: 'asset', fileName, source: svg });
    },
  };
}
