/**
 * V8's explicit compile hint on the chunks every page runs at once (against the content pages'
 * long tasks). V8 compiles a function lazily, at its first call, on the main thread: in the
 * traces of the content pages React DOM's and React Router's functions were compiled inside the
 * hydration's tasks (10-14 ms per task under a 4x slower CPU). A script whose first line is the
 * magic comment `//# allFunctionsCalledOnLoad` has all its functions compiled eagerly, with the
 * script itself (off the main thread when the script is streamed); Chrome 136 and later, other
 * engines read a comment.
 *
 * The comment is written after minification (a minifier drops comments), as the first line of
 * the named chunks; a source map moves down by that line. About 21 B gzipped per chunk, so only
 * on the chunks where it was measured to pay (docs/performance.md); e2e/compile-hints.spec.ts
 * checks the build.
 */
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** The chunks (codeSplitting group names, see vite.config.ts) that get the hint. */
export function compileHints(chunkNames: readonly string[]): Plugin {
  return {
    name: 'glanspunkt:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // the file name's hash covers the comment too (a changed choice of chunks renames them)
    augmentChunkHash: (chunk) => (chunkNames.includes(chunk.name) ? COMPILE_HINT : undefined),
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunkNames.includes(chunk.name)) continue;
          if (chunk.code.startsWith(COMPILE_HINT)) continue;
          chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
          if (!chunk.map) continue;
          chunk.map.mappings = `;${chunk.map.mappings}`;
          const asset = bundle[`${chunk.fileName}.map`];
          if (asset?.type === 'asset') asset.source = chunk.map.toString();
        }
      },
    },
  };
}
