import { readFileSync } from 'node:fs';
import path from 'node:path';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import type { Database, Tables } from '../../supabase/functions/_shared/database.types.ts';
import {
  SQL_ANSWER_FUNCTIONS,
  type CreateAnswer,
} from '../../supabase/functions/_shared/sql-answers.ts';
import { ROOT } from './migrate.ts';
import { generateTypes } from './types.ts';
import { useTestDatabase } from '../testing/hooks.ts';

// Compile-time checks (tsc): the generated types have the supabase-js shape.
const price: Tables<'services'>['price'] = 199;
const insert: Database['public']['Tables']['closed_dates']['Insert'] = { day: '2026-12-24' };
// a jsonb function's answer is its declaration in sql-answers.ts, so an rpc needs no cast
const created: Database['public']['Functions']['create_booking']['Returns'] = {
  status: 'created',
} satisfies CreateAnswer;
void price;
void insert;
void created;

describe('db:types', () => {
  const t = useTestDatabase({ backend: 'pglite', seed: false });

  it('describes the data model tables with Row, Insert and Update', async () => {
    const text = await format(await generateTypes(t.db), { parser: 'typescript' });
    expect(text).toMatch(
      /services: \{\s+Row: \{\s+id: string;\s+name: string;\s+description: string;\s+category: string;\s+duration_minutes: number;\s+price: number;\s+sort_order: number;/,
    );
    expect(text).toMatch(
      /settings: \{\s+Row: \{\s+key: string;\s+value: string;\s+description: string;\s+is_public: boolean;/,
    );
    expect(text).toMatch(
      /opening_hours: \{\s+Row: \{\s+weekday: number;\s+opens_at: string \| null;\s+closes_at: string \| null;/,
    );
    expect(text).toMatch(/Insert: \{\s+id\?: string;\s+name: string;\s+description\?: string;/);
  });

  it('supabase/functions/_shared/database.types.ts is up to date with the migrations (run npm run db:types)', async () => {
    const file = path.join(ROOT, 'supabase', 'functions', '_shared', 'database.types.ts');
    const expected = await format(await generateTypes(t.db), {
      ...(await resolveConfig(file)),
      filepath: file,
    });
    expect(readFileSync(file, 'utf8')).toBe(expected);
  });

  it('declares answers only for SQL functions that answer in jsonb (sql-answers.ts)', async () => {
    const rows = await t.query<{ name: string }>(
      `select p.proname as name from pg_proc p
        where p.pronamespace = 'public'::regnamespace and p.prorettype = 'jsonb'::regtype
          and not p.proretset and p.proname = any($1)`,
      [SQL_ANSWER_FUNCTIONS],
    );
    expect(rows.map((r) => r.name).sort()).toEqual([...SQL_ANSWER_FUNCTIONS].sort());
  });
});
