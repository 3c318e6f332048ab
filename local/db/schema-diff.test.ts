// npm run check:schema's engine on a PostgreSQL 15 server: supabase/schemas and the migrations agree,
// and schema files that drift from the migrations are caught and named.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultSchemasDir, diffSchemas } from './schema-diff.ts';

describe('diffSchemas', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'glanspunkt-schemas-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** One edit in one file of the copy of supabase/schemas. */
  function edit(file: string, from: string, to: string): void {
    const target = path.join(dir, file);
    const sql = readFileSync(target, 'utf8');
    expect(sql).toContain(from);
    writeFileSync(target, sql.replace(from, to));
  }

  it('finds nothing between supabase/schemas and supabase/migrations', async () => {
    expect(await diffSchemas()).toBe('');
  });

  // one build for both cases: each takes a server and two databases
  it('names a column planted in one schema file only, columns in another order and a changed view column comment (which db diff does not compare)', async () => {
    cpSync(defaultSchemasDir(), dir, { recursive: true });
    edit(
      '10_catalogue.sql',
      '  slug text not null,\n',
      '  slug text not null,\n  planted_note text,\n',
    );
    edit(
      '30_bookings.sql',
      "  source text not null default 'online',\n  reconfirmed_at timestamptz,\n",
      "  reconfirmed_at timestamptz,\n  source text not null default 'online',\n",
    );
    edit(
      '75_owner_agenda.sql',
      "comment on column public.owner_agenda.customer_name is 'Kundens navn.';",
      "comment on column public.owner_agenda.customer_name is 'Kundens fulde navn.';",
    );
    const diff = await diffSchemas({ schemasDir: dir });
    expect(diff).toMatch(/ALTER TABLE "public"\."services"\s+ADD COLUMN "planted_note" text;/);
    expect(diff).toContain('-- columns of public.bookings in another order:');
    // (columns added later, such as car_plate, follow them)
    expect(diff).toMatch(/from the schema: .*moved_at, reconfirmed_at, source(,|$)/m);
    // a view column's comment, which db diff does not compare (and drops with the view)
    expect(diff).toContain('-- comment on view column public.owner_agenda.customer_name:');
    expect(diff).toContain('--   from the schema:     Kundens fulde navn.');
    // the planted column is db diff's to report, not an order difference of services
    expect(diff).not.toContain('-- columns of public.services');
  });
});
