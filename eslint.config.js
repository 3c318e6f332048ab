import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

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
            { target: './src/pages', from: ['./src/app'] },
            { target: './src', from: ['./local', './supabase', './scripts'] },
          ],
        },
      ],
    },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
);
