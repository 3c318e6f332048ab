// npm run db:review's engine on a PostgreSQL 15 server: of a migration that re-creates whole
// functions, only the lines that changed are shown, and a function re-created as it was is not.
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  findMigration,
  formatReview,
  reviewMigration,
  unifiedDiff,
} from '../local/db/migration-review.ts';
import { defaultSupabaseDir, listMigrations } from '../local/db/migrate.ts';

describe('db:review', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'glanspunkt-review-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('shows the lines a real migration changes, not the function it re-creates unchanged', async () => {
    // 311 lines that re-create four functions and the owner's agenda view for a car plate
    const out = formatReview(
      await reviewMigration(
        findMigration('20261127021708_owner_values_with_day_cars_and_plate.sql'),
      ),
    );
    expect(out).toContain('+++ after/function public.owner_bookings_edit()');
    expect(out).toContain('+                                   p_car_plate => new.car_plate);');
    expect(out).toContain('\n-    -- contact details and notes\n');
    expect(out).toContain('\n+    -- contact details, notes and car plate\n');
    // re-created by the migration with the body it had
    expect(out).not.toContain('owner_bookings_row');
    expect(out.split('\n').at(-1)).toMatch(
      /^6 objects changed: 1 table, 1 view, 4 functions; 311 migration lines, \d+ lines of real change$/,
    );
  });

  it('prints nothing for a function re-created as it was, a comment, a column and a grant as a line or two, and a function with a new parameter as one function', async () => {
    const migrations = path.join(dir, 'migrations');
    mkdirSync(migrations);
    for (const m of listMigrations(defaultSupabaseDir()).slice(0, 3)) {
      copyFileSync(m.file, path.join(migrations, path.basename(m.file)));
    }
    const file = path.join(migrations, '20990101000000_synthetic.sql');
    writeFileSync(
      file,
      [
        `do $$ begin execute pg_get_functiondef('public.booking_invalid_hit(text, timestamptz)'::regprocedure); end $$;`,
        `comment on function public.booking_setting(text, integer) is 'Planted.';`,
        'alter table public.services add column planted text;',
        'grant references on public.services to anon;',
        // a parameter added: dropped and created under another identity, compared as one function
        `do $$ declare d text := pg_get_functiondef('public.copenhagen_iso(timestamptz)'::regprocedure); begin
           drop function public.copenhagen_iso(timestamptz);
           execute replace(d, 'p_at timestamp with time zone)', 'p_at timestamp with time zone, p_unused integer DEFAULT 0)');
           revoke all on function public.copenhagen_iso(timestamptz, integer) from public;
           grant all on function public.copenhagen_iso(timestamptz, integer) to service_role;
         end $$;`,
        '',
      ].join('\n'),
    );
    const review = await reviewMigration(findMigration(file, dir), { supabaseDir: dir });
    const out = formatReview(review);
    expect(out).not.toContain('booking_invalid_hit');
    expect(out).toContain("+-- comment: 'Planted.'");
    expect(out).toContain('+  planted text\n');
    // (close_the_api granted it select)
    expect(out).toContain('-- granted to anon: SELECT\n+-- granted to anon: REFERENCES, SELECT');
    expect(out).toContain(
      '--- before/function public.copenhagen_iso(p_at timestamp with time zone)\n' +
        '+++ after/function public.copenhagen_iso(p_at timestamp with time zone, p_unused integer)\n',
    );
    expect(out).toContain(
      '+CREATE OR REPLACE FUNCTION public.copenhagen_iso(p_at timestamp with time zone, p_unused integer DEFAULT 0)\n',
    );
    // the comment went with the dropped function
    expect(out).toContain("\n--- comment: 'ISO 8601 local time in Copenhagen");
    expect(out.split('\n').at(-1)).toBe(
      '3 objects changed: 1 table, 2 functions; 10 migration lines, 8 lines of real change',
    );
  });

  it('finds a migration by version, file name or path, and names the choices otherwise', () => {
    const [first] = listMigrations(defaultSupabaseDir());
    expect(findMigration(first!.version).file).toBe(first!.file);
    expect(findMigration(path.basename(first!.file)).file).toBe(first!.file);
    expect(findMigration(path.relative(process.cwd(), first!.file)).file).toBe(first!.file);
    expect(() => findMigration('20000101000000')).toThrow(path.basename(first!.file));
  });

  it('writes a unified diff with removed lines before added ones and three lines of context', () => {
    const a = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
    const b = ['1', '2', '3', '4', '5', 'six', '7', '8', '9', '10'];
    expect(unifiedDiff(a, b, 'before/x', 'after/x')).toEqual({
      text: [
        '--- before/x',
        '+++ after/x',
        '@@ -3,7 +3,7 @@',
        ' 3',
        ' 4',
        ' 5',
        '-6',
        '+six',
        ' 7',
        ' 8',
        ' 9',
      ].join('\n'),
      changed: 2,
    });
    expect(unifiedDiff([], ['a'], '/dev/null', 'after/x').text).toBe(
      '--- /dev/null\n+++ after/x\n@@ -0,0 +1,1 @@\n+a',
    );
  });
});
