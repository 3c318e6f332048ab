/**
 * V8's compile hint (scripts/compile-hints.ts) in the production build, read from build/ (no
 * browser): React DOM's and React Router's chunks, which every page runs at once, start with
 * `//# allFunctionsCalledOnLoad`, so that Chrome compiles their functions with the script instead
 * of one at a time inside the hydration's tasks (docs/performance.md). The hint costs
 * bytes in the first load, so no other chunk carries it.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { COMPILE_HINT } from '../scripts/compile-hints';
import { pageList } from '../src/content/site-pages';
import { allFiles, assertBuilt, firstLoadScripts, readHtml, shortName } from './support/build';

/** What identifies each chunk that must carry the hint (a string only that library holds). */
const HINTED = {
  'React DOM': '__reactFiber$',
  'React Router': '__reactRouterContext',
};

test.describe('compile hints in the production build', () => {
  test.beforeAll(() => assertBuilt());

  test("React DOM's and React Router's chunks start with the hint, on every page", () => {
    for (const { path } of pageList()) {
      const scripts = firstLoadScripts(readHtml(path)).map((file) => ({
        file,
        code: readFileSync(file, 'utf8'),
      }));
      for (const [library, marker] of Object.entries(HINTED)) {
        const chunks = scripts.filter(({ code }) => code.includes(marker));
        expect(chunks.length, `${path} loads ${library} in one chunk`).toBe(1);
        expect(
          chunks[0]!.code.startsWith(`${COMPILE_HINT}\n`),
          `${shortName(chunks[0]!.file)} (${library}) starts with ${COMPILE_HINT}`,
        ).toBe(true);
      }
    }
  });

  // The owner's pages are a build of their own (src/content/site-pages.ts, routeBuild), with its own
  // React Router chunk (tree-shaken for its routes): one hinted chunk per library and build.
  test('no other chunk carries the hint', () => {
    const hinted = allFiles()
      .filter((file) => file.endsWith('.js'))
      .filter((file) => readFileSync(file, 'utf8').includes(COMPILE_HINT))
      .map(shortName);
    const loaded = new Set(
      pageList().flatMap(({ path }) =>
        firstLoadScripts(readHtml(path))
          .filter((file) => {
            const code = readFileSync(file, 'utf8');
            return Object.values(HINTED).some((marker) => code.includes(marker));
          })
          .map(shortName),
      ),
    );
    expect(hinted.sort()).toEqual([...loaded].sort());
  });
});
