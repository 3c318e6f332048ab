/**
 * The self-hosted Inter for Latin text, made smaller than the file @fontsource-variable/inter
 * ships (48 KB): the same characters (the Latin unicode-range of its CSS, which Danish needs),
 * every OpenType feature kept (tabular numbers among them), but the weight axis limited to
 * 400-800, the weights the site uses (font-normal to font-extrabold). About 31 KB.
 *
 * `npm run fonts` writes it to src/app/fonts/; a test fails when the committed file is not what
 * this produces from the installed package (e.g. after an upgrade of it).
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import subsetFont from 'subset-font';

export const WEIGHTS = { min: 400, max: 800 } as const;
export const OUTPUT = join(
  'src',
  'app',
  'fonts',
  `inter-latin-wght-${WEIGHTS.min}-${WEIGHTS.max}.woff2`,
);

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

/** Every code point of a CSS unicode-range ('U+0000-00FF,U+0131,…') as a string. */
export function charactersOf(range: string): string {
  let text = '';
  for (const part of range.split(',')) {
    const match = /^U\+([0-9A-F]+)(?:-([0-9A-F]+))?$/i.exec(part.trim());
    if (!match) throw new Error(`fonts: cannot read the unicode-range part '${part}'`);
    const first = Number.parseInt(match[1]!, 16);
    const last = Number.parseInt(match[2] ?? match[1]!, 16);
    for (let code = first; code <= last; code += 1) text += String.fromCodePoint(code);
  }
  return text;
}

/** The subset font's bytes, from the installed @fontsource-variable/inter. */
export async function buildInterLatin(): Promise<Buffer> {
  const source = await readFile(join(packageDir, 'files', 'inter-latin-wght-normal.woff2'));
  const range = await fontsourceRange('inter-latin-wght-normal.woff2');
  return subsetFont(source, charactersOf(range), {
    targetFormat: 'woff2',
    variationAxes: { wght: { min: WEIGHTS.min, max: WEIGHTS.max } },
  });
}
