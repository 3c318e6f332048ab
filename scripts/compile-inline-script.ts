/**
 * Browser code that must run inline, before any module of the page (the stored theme,
 * src/app/layout/theme-script.ts; the booking form's early presses,
 * src/features/booking/early-press/script.ts; the deferred boot,
 * src/app/deferred-boot/script.ts), is written as typed TypeScript modules and compiled here
 * into one minified classic script: an IIFE, lowered to INLINE_SCRIPT_TARGET, its imports
 * bundled in. Two ways in:
 * - `import code from './script.ts?inline-script'` in src/ (the plugin below, in the Vite build,
 *   the dev server and the unit tests): the module's compiled text as a string, which a
 *   component renders into a `<script>`;
 * - compileInlineScript(entry) in a build step (scripts/defer-hydration.ts, run by postbuild).
 * The CSP hashes of the pages' inline scripts are taken from the built HTML after this
 * (scripts/postbuild.ts), so they always match what was compiled.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

/**
 * What the inline scripts are lowered to: about what the hand-written ones were (ES5 syntax, and
 * the boot's `import()`, which is ES2020 and stays as it is). Every browser that runs the site's
 * module chunks has ES2019; `?.` and `??` are lowered, arrow functions and `let` stay.
 */
export const INLINE_SCRIPT_TARGET = 'es2019';

const SUFFIX = '?inline-script';
const PREFIX = '\0inline-script:';
const SRC = fileURLToPath(new URL('../src', import.meta.url));

export interface InlineScript {
  /** The minified classic script (one line, no `</script`). */
  code: string;
  /** The files it was compiled from (the entry and what it imports). */
  files: string[];
}

/** The module at `entry` (a path) compiled into an inline classic script; throws on any warning. */
export async function compileInlineScript(entry: string): Promise<InlineScript> {
  const file = path.resolve(entry);
  const warnings: string[] = [];
  const result = await build({
    configFile: false,
    envDir: false,
    publicDir: false,
    logLevel: 'silent',
    root: path.dirname(file),
    resolve: { alias: { '~': SRC } },
    build: {
      write: false,
      emptyOutDir: false,
      copyPublicDir: false,
      reportCompressedSize: false,
      minify: true,
      target: INLINE_SCRIPT_TARGET,
      lib: { entry: file, formats: ['iife'], name: 'inlineScript', fileName: 'inline' },
      rolldownOptions: {
        onLog(level, log) {
          if (level === 'warn') warnings.push(log.message);
        },
      },
    },
  }).catch((error: unknown) => {
    throw new Error(
      `inline script ${path.relative(process.cwd(), file)}: does not compile: ${
        error instanceof Error ? error.message : String(error)
      }`,
    );
  });
  const fail = (reason: string): never => {
    throw new Error(`inline script ${path.relative(process.cwd(), file)}: ${reason}`);
  };
  if (warnings.length > 0) fail(`compiler warnings:\n${warnings.join('\n')}`);
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((output) =>
    output.output.filter((item): item is Rolldown.OutputChunk => item.type === 'chunk'),
  );
  if (chunks.length !== 1) fail(`expected one compiled chunk, got ${chunks.length}`);
  const chunk = chunks[0]!;
  if (chunk.exports.length > 0) {
    fail(`an inline script exports nothing (found: ${chunk.exports.join(', ')})`);
  }
  const code = chunk.code.trim();
  // the HTML parser would end the script (or start a comment state) at these, whatever the JS
  if (/<\/script|<!--/i.test(code)) fail('the compiled code holds `</script` or `<!--`');
  if (code.includes('\n')) fail('the compiled code is not one line');
  return { code, files: chunk.moduleIds.filter((id) => !id.startsWith('\0')) };
}

/**
 * `import code from './x.ts?inline-script'`: the compiled text of x.ts as the module's default
 * export (see the file comment). Its source files are watched in dev.
 */
export function inlineScript(): Plugin {
  return {
    name: 'glanspunkt:inline-script',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!source.endsWith(SUFFIX)) return null;
      const resolved = await this.resolve(source.slice(0, -SUFFIX.length), importer, {
        skipSelf: true,
      });
      if (!resolved) return null;
      return `${PREFIX}${resolved.id}`;
    },
    async load(id) {
      if (!id.startsWith(PREFIX)) return null;
      const { code, files } = await compileInlineScript(id.slice(PREFIX.length));
      for (const file of files) this.addWatchFile(file);
      return { code: `export default ${JSON.stringify(code)};\n`, map: null };
    },
  };
}
