import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The features (src/features/<name>: booking and cancel today), read from the folder so that a
 * new feature is held to the rule below without anyone adding it here. */
const FEATURES = readdirSync(join(import.meta.dirname, 'src', 'features'), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'build',
      'build-*',
      '.local',
      'coverage',
      'dist',
      '.react-router',
      'local/.data',
      'test-results',
      'playwright-report',
      'supabase/functions/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'import-x/no-cycle': 'error',
      // Imports flow one way: generated -> lib/content -> components -> features -> pages -> app.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/generated',
              from: [
                './src/lib',
                './src/content',
                './src/components',
                './src/features',
                './src/pages',
                './src/app',
              ],
            },
            {
              target: './src/lib',
              from: ['./src/components', './src/features', './src/pages', './src/app'],
            },
            {
              target: './src/content',
              from: ['./src/components', './src/features', './src/pages', './src/app'],
            },
            { target: './src/components', from: ['./src/features', './src/pages', './src/app'] },
            { target: './src/features', from: ['./src/pages', './src/app'] },
            // Features do not import each other: a page composes them, and what two features
            // share lives in src/lib or src/components.
            ...FEATURES.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message:
                'A feature does not import another one: move the shared piece to src/lib or src/components.',
            })),
            { target: './src/pages', from: ['./src/app'] },
            { target: './src', from: ['./local', './scripts'] },
            // The browser imports nothing of the server but types: the create-booking body's (one
            // declaration for both sides of the wire) and the generated database types, which
            // src/generated re-exports (type imports only, see below); and one module of values,
            // the rules of the customer's fields with their Danish messages (pure TypeScript
            // importing only phone.ts), which the booking form runs before it sends so that the
            // rules and their messages have one copy.
            {
              target: './src',
              from: './supabase',
              except: [
                './functions/_shared/booking-body.ts',
                './functions/_shared/database.types.ts',
                './functions/_shared/customer-rules.ts',
                // the message form's rules (/contact#besked), pure like customer-rules.ts
                './functions/_shared/message-rules.ts',
              ],
            },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
  {
    // Tests of src/ live in tests/, in the folder that mirrors their module's (docs/architecture.md,
    // "Where tests live"); the unit project does not look for tests inside src/, so one there
    // would never run.
    files: ['src/**/*.test.{ts,tsx}', 'src/**/*.spec.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message:
            'Tests of src/ live in tests/ (the same folders as in src/), not beside the code.',
        },
      ],
    },
  },
  {
    // booking-body.ts holds types only: src/ may take its types, never a value (nothing of
    // supabase/ but customer-rules.ts may end up in the browser's bundle).
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // `import { type X }` keeps the module as a side-effect import: only `import type` is erased.
      '@typescript-eslint/no-import-type-side-effects': 'error',
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: 'supabase/functions/_shared/booking-body(\\.ts)?$',
              allowTypeImports: true,
              message: 'Import the create-booking body with `import type` only.',
            },
            {
              regex: 'supabase/functions/_shared/database\\.types(\\.ts)?$',
              allowTypeImports: true,
              message: 'Re-export the database types with `export type` only.',
            },
          ],
        },
      ],
    },
  },
);
