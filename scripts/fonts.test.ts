import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  buildInterLatin,
  charactersOf,
  fontsourceRange,
  OUTPUT,
  unicodeRangeOf,
} from './fonts/inter-subset';

const css = readFileSync('src/app/app.css', 'utf8');
// whitespace-free: prettier folds long ranges over lines
const appRange = (file: string) => unicodeRangeOf(css, file);

describe('the self-hosted Inter', () => {
  it('is what `npm run fonts` makes from the installed @fontsource-variable/inter', async () => {
    const committed = readFileSync(OUTPUT);
    const fresh = await buildInterLatin();
    expect(committed.equals(fresh), `${OUTPUT} is stale: run npm run fonts`).toBe(true);
    expect(committed.length).toBeLessThan(34_000);
  });

  it('covers the same characters as fontsource: Latin from our file, Latin Extended from theirs', async () => {
    expect(appRange('inter-latin-wght-400-800.woff2')).toBe(
      await fontsourceRange('inter-latin-wght-normal.woff2'),
    );
    expect(appRange('inter-latin-ext-wght-normal.woff2')).toBe(
      await fontsourceRange('inter-latin-ext-wght-normal.woff2'),
    );
    // the letters and signs of Danish copy are in the Latin range
    const latin = new Set(charactersOf(appRange('inter-latin-wght-400-800.woff2')!));
    expect([...'æøåÆØÅéü–…€«»'].filter((char) => !latin.has(char))).toEqual([]);
  });
});
