import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildInterLatin,
  charactersOf,
  codePointsOf,
  fontsourceRange,
  latinRanges,
  OUTPUTS,
  rangeOf,
  unicodeRangeOf,
} from './fonts/inter-subset';

const css = readFileSync('src/app/app.css', 'utf8');
// whitespace-free: prettier folds long ranges over lines
const appRange = (file: string) => unicodeRangeOf(css, file);

describe('the self-hosted Inter', () => {
  it('is what `npm run fonts` makes from the installed @fontsource-variable/inter', async () => {
    const fresh = await buildInterLatin();
    for (const part of ['core', 'rest'] as const) {
      const committed = readFileSync(OUTPUTS[part]);
      expect(committed.equals(fresh[part]), `${OUTPUTS[part]} is stale: run npm run fonts`).toBe(
        true,
      );
    }
    // the preloaded file: what a first visit waits for (31.6 KB when it held all of Latin)
    expect(readFileSync(OUTPUTS.core).length).toBeLessThan(21_000);
  });

  it('covers the same characters as fontsource: Latin from our two files, Latin Extended from theirs', async () => {
    const core = appRange('inter-latin-core-wght-400-800.woff2')!;
    const rest = appRange('inter-latin-rest-wght-400-800.woff2')!;
    expect({ core, rest }).toEqual(await latinRanges());
    // together exactly fontsource's Latin range, no character in both
    const latin = codePointsOf(await fontsourceRange('inter-latin-wght-normal.woff2'));
    const both = [...codePointsOf(core), ...codePointsOf(rest)];
    expect(new Set(both).size).toBe(both.length);
    expect(rangeOf(both)).toBe(rangeOf(latin));
    expect(appRange('inter-latin-ext-wght-normal.woff2')).toBe(
      await fontsourceRange('inter-latin-ext-wght-normal.woff2'),
    );
    // the letters and signs of Danish copy are in the preloaded file, and list-disc's bullet
    const preloaded = new Set(charactersOf(core));
    expect([...'æøåÆØÅé–…€«»•'].filter((char) => !preloaded.has(char))).toEqual([]);
    expect(preloaded.has('ü')).toBe(false);
  });

  it('writes and reads unicode-ranges', () => {
    expect(rangeOf([0x41, 0x20, 0x21, 0x22, 0xe6])).toBe('U+20-22,U+41,U+E6');
    expect(charactersOf('U+41-43,U+E6')).toBe('ABCæ');
  });
});
