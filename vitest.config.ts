import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { inlineScript } from './scripts/compile-inline-script.ts';
import { business } from './src/content/business.ts';
import { foundingDefines } from './src/content/founding.ts';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  // the early press script is imported compiled, as in the build (see vite.config.ts)
  plugins: [inlineScript()],
  resolve: { alias: { '~': src } },
  // the founding texts as vite.config.ts works them out, as of a fixed moment (29 November 2026),
  // so that a page's test states the same age on every day
  define: foundingDefines(business.founded, new Date('2026-11-29T12:00:00Z')),
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          // tests of src/ live in tests/, in the folder that mirrors their module's
          // (docs/architecture.md, "Where tests live"; eslint refuses a test file inside src/)
          include: ['tests/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          // tests of Node code sit beside it; the database and the edge functions in supabase/tests
          include: [
            'local/**/*.test.ts',
            'supabase/tests/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bench/**/*.test.ts',
          ],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
          execArgv: ['--experimental-websocket'],
          fileParallelism: false,
        },
      },
    ],
  },
});
