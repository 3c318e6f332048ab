/**
 * The self-hosted Inter for Latin text, in two files cut from the file @fontsource-variable/inter
 * ships (48 KB for its Latin range):
 *
 * - **core** (about 20 KB, preloaded by root.tsx): the characters Danish copy uses (ASCII, the
 *   no-break space, æøå ÆØÅ é É and the common punctuation of CORE_EXTRA);
 * - **rest** (not preloaded): every other character of fontsource's Latin unicode-range. The
 *   browser fetches it only for a page that shows one of them (a customer's ü, say), in the same
 *   typeface.
 *
 * Both keep the weight axis at 400-800 (font-normal to font-extrabold, the weights the site uses)
 * and the OpenType features a browser applies by default (kerning, contextual alternates such as
 * Inter's raised colon between digits, ligatures, mark positioning...) plus `tnum` (Tailwind's
 * tabular-nums). The other features (stylistic sets, fractions, case forms...) are set by no style
 * of the site and only made the file bigger. The core file is what a first visit waits for on a
 * phone: in Lighthouse's simulated slow 4G it was the last request of the first paint on every
 * content page (31.6 KB with every feature and the whole Latin range).
 *
 * `npm run fonts` writes them to src/app/fonts/; a test fails when a committed file is not what
 * this produces from the installed package (e.g. after an upgrade of it).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

export const WEIGHTS = { min: 400, max: 800 } as const;
const file = (part: string) =>
  join('src', 'app', 'fonts', `inter-latin-${part}-wght-${WEIGHTS.min}-${WEIGHTS.max}.woff2`);
export const OUTPUTS = { core: file('core'), rest: file('rest') } as const;

/** The features browsers turn on by themselves, and tabular numbers (`tabular-nums`). */
export const FEATURES = [
  'calt',
  'ccmp',
  'clig',
  'kern',
  'liga',
  'locl',
  'mark',
  'mkmk',
  'rlig',
  'rvrn',
  'tnum',
] as const;

/**
 * Beyond ASCII (U+0020-007E): what Danish copy uses (the pages' texts, prices, the spec) and the
 * bullet Chromium draws list-disc markers with (in the list's font: the privacy page).
 */
export const CORE_EXTRA = '\u00a0©«·»ÅÆÉØåæéø–—‘’“”•…€';

const require = createRequire(import.meta.url);
const packageDir = dirname(require.resolve('@fontsource-variable/inter/package.json'));

/** The unicode-range (whitespace removed) of the @font-face in `css` whose src names `file`. */
export function unicodeRangeOf(css: string, file: string): string | undefined {
  const face = css.split('@font-face').find((block) => block.includes(file));
  return face && /unicode-range:\s*([^;]+);/.exec(face)?.[1]?.replace(/\s+/g, '');
}

/** The unicode-range of one @font-face of fontsource's wght.css, by its file name. */
export async function fontsourceRange(file: string): Promise<string> {
  const css = await readFile(join(packageDir, 'wght.css'), 'utf8');
  const range = unicodeRangeOf(css, `/files/${file}`);
  if (!range) throw new Error(`fonts: no unicode-range for ${file} in fontsource's wght.css`);
  return range;
}

/** The code points of a CSS unicode-range ('U+0000-00FF,U+0131,…'), ascending. */
export function codePointsOf(range: string): number[] {
  const points = new Set<number>();
  for (const part of range.split(',')) {
    const match = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/i.exec(part.trim());
    if (!match) throw new Error(`fonts: cannot read the unicode-range part '${part}'`);
    const first = Number.parseInt(match[1]!, 16);
    const last = Number.parseInt(match[2] ?? match[1]!, 16);
    for (let code = first; code <= last; code += 1) points.add(code);
  }
  return [...points].sort((a, b) => a - b);
}

/** Every code point of a CSS unicode-range as a string. */
export function charactersOf(range: string): string {
  return String.fromCodePoint(...codePointsOf(range));
}

/** Code points as a CSS unicode-range, consecutive ones joined ('U+20-7E,U+A0,…'). */
export function rangeOf(points: number[]): string {
  const hex = (code: number) => code.toString(16).toUpperCase();
  const parts: string[] = [];
  const sorted = [...new Set(points)].sort((a, b) => a - b);
  for (let i = 0; i < sorted.length; i += 1) {
    const first = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i += 1;
    parts.push(first === sorted[i] ? `U+${hex(first)}` : `U+${hex(first)}-${hex(sorted[i]!)}`);
  }
  return parts.join(',');
}

/** The unicode-ranges of the two files: core and the rest of fontsource's Latin range. */
export async function latinRanges(): Promise<{ core: string; rest: string }> {
  const latin = codePointsOf(await fontsourceRange('inter-latin-wght-normal.woff2'));
  const core = new Set<number>();
  for (let code = 0x20; code <= 0x7e; code += 1) core.add(code);
  for (const char of CORE_EXTRA) core.add(char.codePointAt(0)!);
  const outside = [...core].filter((code) => !latin.includes(code));
  if (outside.length) throw new Error(`fonts: core characters outside Latin: ${rangeOf(outside)}`);
  return {
    core: rangeOf([...core]),
    rest: rangeOf(latin.filter((code) => !core.has(code))),
  };
}

/** The two files' bytes, from the installed @fontsource-variable/inter. */
export async function buildInterLatin(): Promise<{ core: Buffer; rest: Buffer }> {
  const source = await readFile(join(packageDir, 'files', 'inter-latin-wght-normal.woff2'));
  const ranges = await latinRanges();
  const cut = (range: string) =>
    subsetFont(source, charactersOf(range), {
      targetFormat: 'woff2',
      variationAxes: { wght: { min: WEIGHTS.min, max: WEIGHTS.max } },
      keepFeatures: [...FEATURES],
    });
  return { core: await cut(ranges.core), rest: await cut(ranges.rest) };
}
