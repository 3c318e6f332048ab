// What one migration changes, object by object: a migration written by `db diff` re-creates a whole
// function for a one-line change (CREATE OR REPLACE), so the file says little about the change.
// Here the database is built from the migrations before it and again including it (one throw-away
// PostgreSQL 15 shaped like hosted Supabase, two databases, as schema-diff.ts does), every object's
// definition is read from the catalogue of both, and only the ones that differ are shown, as unified
// diffs (npm run db:review -- <migration>).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openPostgres, type Queryable } from './database.ts';
import { defaultSupabaseDir, listMigrations, migrate } from './migrate.ts';
import { startPostgresServer } from './postgres-server.ts';
import { DATA_TABLES, withDatabase } from './schema-diff.ts';

export interface Migration {
  version: string;
  name: string;
  file: string;
}

/** A migration named by its file (path or file name) or its version; throws naming the choices. */
export function findMigration(arg: string, supabaseDir = defaultSupabaseDir()): Migration {
  const all = listMigrations(supabaseDir);
  const base = path.basename(arg);
  const found = /^\d{14}$/.test(arg)
    ? all.find((m) => m.version === arg)
    : all.find((m) => path.basename(m.file) === base);
  if (!found) {
    throw new Error(
      `no migration ${arg} in ${path.join(supabaseDir, 'migrations')}; one of:\n` +
        all.map((m) => `  ${path.basename(m.file)}`).join('\n'),
    );
  }
  return found;
}

/** Object kinds in the order they are printed, with their names in the summary. */
const KINDS = {
  schema: ['schema', 'schemas'],
  extension: ['extension', 'extensions'],
  type: ['type', 'types'],
  sequence: ['sequence', 'sequences'],
  table: ['table', 'tables'],
  view: ['view', 'views'],
  function: ['function', 'functions'],
  index: ['index', 'indexes'],
  trigger: ['trigger', 'triggers'],
  policy: ['policy', 'policies'],
  'default privileges': ['default privileges', 'default privileges'],
  rows: ["table's rows", "tables' rows"],
} as const;
export type Kind = keyof typeof KINDS;

export interface DatabaseObject {
  kind: Kind;
  name: string;
  definition: string;
}

/** Every object's definition, keyed by "<kind> <name>". */
export type Snapshot = Map<string, DatabaseObject>;

// Objects of the system's schemas, and those an extension brings, are left out.
const USER_SCHEMA = `n.nspname not in ('pg_catalog', 'information_schema') and n.nspname !~ '^pg_'`;
const notFromExtension = (catalog: string, oid: string) =>
  `not exists (select 1 from pg_catalog.pg_depend e
                where e.classid = '${catalog}'::regclass and e.objid = ${oid} and e.deptype = 'e')`;

/**
 * Who may do what, one line per grantee (the defaults written out when the ACL is null, so a first
 * grant or revoke shows as the change it is).
 */
const grants = (acl: string) => `(select string_agg(line, E'\\n' order by line) from (
    select format('-- granted to %s: %s', case when g.grantee = 0 then 'public' else pg_get_userbyid(g.grantee) end,
                  string_agg(g.privilege_type || case when g.is_grantable then ' (with grant option)' else '' end,
                             ', ' order by g.privilege_type)) as line
      from aclexplode(${acl}) g
     group by g.grantee) lines)`;

const comment = (expr: string) =>
  `case when ${expr} is not null then '-- comment: ' || quote_literal(${expr}) end`;

// Each query gives kind, name and definition; a definition is one object's lines, as a reviewer
// reads them (a table's columns one per line without commas, so that adding one changes one line).
const QUERIES: string[] = [
  `select 'schema', n.nspname,
          concat_ws(E'\\n', 'create schema ' || quote_ident(n.nspname),
                    '-- owner: ' || pg_get_userbyid(n.nspowner),
                    ${comment(`obj_description(n.oid, 'pg_namespace')`)},
                    ${grants(`coalesce(n.nspacl, acldefault('n', n.nspowner))`)})
     from pg_catalog.pg_namespace n
    where ${USER_SCHEMA} and ${notFromExtension('pg_namespace', 'n.oid')}`,

  `select 'extension', x.extname, format('create extension %I with schema %I version %L', x.extname, n.nspname, x.extversion)
     from pg_catalog.pg_extension x join pg_catalog.pg_namespace n on n.oid = x.extnamespace`,

  `select 'type', format('%I.%I', n.nspname, t.typname),
          concat_ws(E'\\n',
            case t.typtype
              when 'e' then format('create type %I.%I as enum (', n.nspname, t.typname) || E'\\n' ||
                (select string_agg('  ' || quote_literal(l.enumlabel), E'\\n' order by l.enumsortorder)
                   from pg_catalog.pg_enum l where l.enumtypid = t.oid) || E'\\n)'
              when 'd' then format('create domain %I.%I as %s', n.nspname, t.typname, format_type(t.typbasetype, t.typtypmod))
                || case when t.typnotnull then ' not null' else '' end
                || coalesce(' default ' || t.typdefault, '')
                || coalesce((select string_agg(E'\\n  constraint ' || quote_ident(c.conname) || ' ' || pg_get_constraintdef(c.oid, true), '' order by c.conname)
                               from pg_catalog.pg_constraint c where c.contypid = t.oid), '')
              when 'c' then format('create type %I.%I as (', n.nspname, t.typname) || E'\\n' ||
                coalesce((select string_agg(format('  %I %s', a.attname, format_type(a.atttypid, a.atttypmod)), E'\\n' order by a.attnum)
                            from pg_catalog.pg_attribute a where a.attrelid = t.typrelid and a.attnum > 0 and not a.attisdropped), '') || E'\\n)'
              else format('create type %I.%I (%s)', n.nspname, t.typname, t.typtype)
            end,
            '-- owner: ' || pg_get_userbyid(t.typowner),
            ${comment(`obj_description(t.oid, 'pg_type')`)},
            ${grants(`coalesce(t.typacl, acldefault('T', t.typowner))`)})
     from pg_catalog.pg_type t join pg_catalog.pg_namespace n on n.oid = t.typnamespace
    where ${USER_SCHEMA} and ${notFromExtension('pg_type', 't.oid')}
      and t.typtype in ('e', 'd', 'c', 'r', 'm')
      and (t.typrelid = 0 or (select relkind from pg_catalog.pg_class where oid = t.typrelid) = 'c')`,

  `select 'sequence', format('%I.%I', n.nspname, c.relname),
          concat_ws(E'\\n',
            format('create sequence %I.%I as %s increment %s minvalue %s maxvalue %s start %s cache %s%s',
                   n.nspname, c.relname, format_type(s.seqtypid, null), s.seqincrement, s.seqmin, s.seqmax,
                   s.seqstart, s.seqcache, case when s.seqcycle then ' cycle' else '' end),
            '-- owner: ' || pg_get_userbyid(c.relowner),
            ${grants(`coalesce(c.relacl, acldefault('s', c.relowner))`)})
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     join pg_catalog.pg_sequence s on s.seqrelid = c.oid
    where ${USER_SCHEMA} and ${notFromExtension('pg_class', 'c.oid')}`,

  `select 'table', format('%I.%I', n.nspname, c.relname),
          concat_ws(E'\\n',
            format('create %stable %I.%I (', case c.relkind when 'p' then 'partitioned ' when 'f' then 'foreign ' else '' end, n.nspname, c.relname),
            (select string_agg('  ' || quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod)
                || case a.attidentity when 'a' then ' generated always as identity' when 'd' then ' generated by default as identity' else '' end
                || case when a.attgenerated = 's' then ' generated always as (' || pg_get_expr(d.adbin, d.adrelid) || ') stored'
                        when d.adbin is not null then ' default ' || pg_get_expr(d.adbin, d.adrelid) else '' end
                || case when a.attnotnull then ' not null' else '' end
                || case when a.attcollation <> 0 and a.attcollation <> (select typcollation from pg_catalog.pg_type where oid = a.atttypid)
                        then ' collate ' || (select quote_ident(collname) from pg_catalog.pg_collation where oid = a.attcollation) else '' end,
                E'\\n' order by a.attnum)
               from pg_catalog.pg_attribute a
               left join pg_catalog.pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
              where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
            (select string_agg('  constraint ' || quote_ident(k.conname) || ' ' || pg_get_constraintdef(k.oid, true), E'\\n' order by k.conname)
               from pg_catalog.pg_constraint k where k.conrelid = c.oid),
            ')',
            case when c.relrowsecurity then '-- row level security: on' || case when c.relforcerowsecurity then ', forced' else '' end end,
            case when c.reloptions is not null then '-- with: ' || array_to_string(c.reloptions, ', ') end,
            '-- owner: ' || pg_get_userbyid(c.relowner),
            ${comment(`obj_description(c.oid, 'pg_class')`)},
            (select string_agg('-- comment on ' || quote_ident(a.attname) || ': ' || quote_literal(col_description(c.oid, a.attnum)), E'\\n' order by a.attnum)
               from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and col_description(c.oid, a.attnum) is not null),
            ${grants(`coalesce(c.relacl, acldefault('r', c.relowner))`)},
            (select string_agg(replace(${grants('a.attacl')}, '-- granted to', '-- granted on ' || quote_ident(a.attname) || ' to'), E'\\n' order by a.attnum)
               from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attacl is not null))
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA} and c.relkind in ('r', 'p', 'f') and ${notFromExtension('pg_class', 'c.oid')}`,

  `select 'view', format('%I.%I', n.nspname, c.relname),
          concat_ws(E'\\n',
            format('create %sview %I.%I%s as', case when c.relkind = 'm' then 'materialized ' else '' end, n.nspname, c.relname,
                   coalesce(' with (' || array_to_string(c.reloptions, ', ') || ')', '')),
            rtrim(pg_get_viewdef(c.oid, true), E';\\n'),
            '-- columns: ' || (select string_agg(quote_ident(a.attname) || ' ' || format_type(a.atttypid, a.atttypmod), ', ' order by a.attnum)
                                 from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped),
            '-- owner: ' || pg_get_userbyid(c.relowner),
            ${comment(`obj_description(c.oid, 'pg_class')`)},
            (select string_agg('-- comment on ' || quote_ident(a.attname) || ': ' || quote_literal(col_description(c.oid, a.attnum)), E'\\n' order by a.attnum)
               from pg_catalog.pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and col_description(c.oid, a.attnum) is not null),
            ${grants(`coalesce(c.relacl, acldefault('r', c.relowner))`)})
     from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA} and c.relkind in ('v', 'm') and ${notFromExtension('pg_class', 'c.oid')}`,

  `select 'function', format('%I.%I(%s)', n.nspname, p.proname, pg_get_function_identity_arguments(p.oid)),
          concat_ws(E'\\n',
            rtrim(pg_get_functiondef(p.oid), E'\\n'),
            '-- owner: ' || pg_get_userbyid(p.proowner),
            ${comment(`obj_description(p.oid, 'pg_proc')`)},
            ${grants(`coalesce(p.proacl, acldefault('f', p.proowner))`)})
     from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
    where ${USER_SCHEMA} and p.prokind in ('f', 'p', 'w') and ${notFromExtension('pg_proc', 'p.oid')}`,

  // the indexes that back a constraint are the table's (its constraint line)
  `select 'index', format('%I.%I', n.nspname, c.relname),
          concat_ws(E'\\n', pg_get_indexdef(i.indexrelid), ${comment(`obj_description(c.oid, 'pg_class')`)})
     from pg_catalog.pg_index i join pg_catalog.pg_class c on c.oid = i.indexrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA} and ${notFromExtension('pg_class', 'i.indrelid')}
      and not exists (select 1 from pg_catalog.pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)`,

  `select 'trigger', format('%I on %s', t.tgname, t.tgrelid::regclass::text),
          concat_ws(E'\\n', pg_get_triggerdef(t.oid, true)
                            || case t.tgenabled when 'D' then E'\\n-- disabled' when 'R' then E'\\n-- enabled replica' when 'A' then E'\\n-- enabled always' else '' end,
                    ${comment(`obj_description(t.oid, 'pg_trigger')`)})
     from pg_catalog.pg_trigger t join pg_catalog.pg_class c on c.oid = t.tgrelid
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
    where ${USER_SCHEMA} and not t.tgisinternal and ${notFromExtension('pg_class', 'c.oid')}`,

  `select 'policy', format('%I on %I.%I', p.policyname, p.schemaname, p.tablename),
          concat_ws(E'\\n',
            format('create policy %I on %I.%I as %s for %s to %s', p.policyname, p.schemaname, p.tablename,
                   lower(p.permissive), lower(p.cmd), array_to_string(p.roles, ', ')),
            '  using (' || p.qual || ')',
            '  with check (' || p.with_check || ')',
            ${comment(`(select obj_description(o.oid, 'pg_policy') from pg_catalog.pg_policy o
                          where o.polname = p.policyname and o.polrelid = format('%I.%I', p.schemaname, p.tablename)::regclass)`)})
     from pg_catalog.pg_policies p
    where p.schemaname not in ('pg_catalog', 'information_schema')`,

  `select 'default privileges',
          format('for %s%s on %s', pg_get_userbyid(d.defaclrole), coalesce(' in schema ' || quote_ident(n.nspname), ''),
                 case d.defaclobjtype when 'r' then 'tables' when 'S' then 'sequences' when 'f' then 'functions'
                                      when 'T' then 'types' when 'n' then 'schemas' end),
          ${grants('d.defaclacl')}
     from pg_catalog.pg_default_acl d left join pg_catalog.pg_namespace n on n.oid = d.defaclnamespace`,
];

export async function snapshot(db: Queryable): Promise<Snapshot> {
  const out: Snapshot = new Map();
  for (const sql of QUERIES) {
    const { rows } = await db.query<{ kind: Kind; name: string; definition: string | null }>(
      `select * from (${sql}) as q(kind, name, definition)`,
    );
    for (const r of rows) {
      out.set(`${r.kind} ${r.name}`, {
        kind: r.kind,
        name: r.name,
        definition: r.definition ?? '',
      });
    }
  }
  // the rows a migration inserts (the settings' defaults and descriptions) are schema too
  for (const table of DATA_TABLES) {
    const { rows: exists } = await db.query<{ ok: boolean }>(
      `select to_regclass('public.${table}') is not null as ok`,
    );
    if (!exists[0]?.ok) continue;
    const { rows } = await db.query<{ row: string }>(
      `select t::text as row from public.${table} t order by 1`,
    );
    out.set(`rows public.${table}`, {
      kind: 'rows',
      name: `public.${table}`,
      definition: rows.map((r) => r.row).join('\n'),
    });
  }
  return out;
}

export interface ObjectChange {
  kind: Kind;
  name: string;
  status: 'added' | 'dropped' | 'changed';
  /** The unified diff of its definition, headers included. */
  diff: string;
  /** Lines added plus lines removed. */
  changedLines: number;
}

export interface Review {
  migration: Migration;
  migrationLines: number;
  changes: ObjectChange[];
  /** What the review could not compare, said with the result. */
  notes: string[];
}

/**
 * The objects whose definitions differ between two snapshots, in KINDS order, then by name. A
 * function whose arguments changed is dropped and created under another identity: when a name
 * has exactly one of each, the two are compared as one function.
 */
export function compareSnapshots(before: Snapshot, after: Snapshot): ObjectChange[] {
  const order = Object.keys(KINDS);
  const pairs: [DatabaseObject | undefined, DatabaseObject | undefined][] = [];
  const dropped = [...before].filter(([key]) => !after.has(key)).map(([, o]) => o);
  const added = [...after].filter(([key]) => !before.has(key)).map(([, o]) => o);
  const baseName = (o: DatabaseObject) =>
    o.kind === 'function' ? o.name.slice(0, o.name.indexOf('(')) : undefined;
  for (const [key, a] of before) if (after.has(key)) pairs.push([a, after.get(key)]);
  for (const a of dropped) {
    const name = baseName(a);
    const same = (o: DatabaseObject) => name !== undefined && baseName(o) === name;
    if (name && dropped.filter(same).length === 1 && added.filter(same).length === 1) {
      const b = added.find(same)!;
      added.splice(added.indexOf(b), 1);
      pairs.push([a, b]);
    } else pairs.push([a, undefined]);
  }
  for (const b of added) pairs.push([undefined, b]);

  const changes: ObjectChange[] = [];
  for (const [a, b] of pairs) {
    if (a && b && a.definition === b.definition) continue;
    const { kind } = (a ?? b)!;
    const { text, changed } = unifiedDiff(
      a ? a.definition.split('\n') : [],
      b ? b.definition.split('\n') : [],
      a ? `before/${kind} ${a.name}` : '/dev/null',
      b ? `after/${kind} ${b.name}` : '/dev/null',
    );
    changes.push({
      kind,
      name: (b ?? a)!.name,
      status: !a ? 'added' : !b ? 'dropped' : 'changed',
      diff: text,
      changedLines: changed,
    });
  }
  return changes.sort(
    (x, y) => order.indexOf(x.kind) - order.indexOf(y.kind) || x.name.localeCompare(y.name),
  );
}

/**
 * Builds the database from the migrations before `migration`, copies it (CREATE DATABASE ... TEMPLATE)
 * and applies `migration` to the copy: the migrations run once, on one server.
 */
export async function reviewMigration(
  migration: Migration,
  options: { supabaseDir?: string } = {},
): Promise<Review> {
  const supabaseDir = options.supabaseDir ?? defaultSupabaseDir();
  const all = listMigrations(supabaseDir);
  const index = all.findIndex((m) => m.version === migration.version);
  if (index < 0) throw new Error(`${migration.file} is not among ${supabaseDir}'s migrations`);
  const server = await startPostgresServer();
  try {
    const admin = await openPostgres(server.connectionString);
    const before = withDatabase(server.connectionString, 'before_migration');
    const after = withDatabase(server.connectionString, 'after_migration');
    let snapBefore: Snapshot;
    let snapAfter: Snapshot;
    try {
      await admin.exec('create database before_migration');
      const db = await openPostgres(before);
      try {
        // before the first migration: what the platform has (bootstrap) and nothing else
        await migrate(db, { seed: false, supabaseDir, through: all[index - 1]?.version ?? '0' });
        snapBefore = await snapshot(db);
      } finally {
        await db.close();
      }
      await admin.exec('create database after_migration template before_migration');
    } finally {
      await admin.close();
    }
    const db = await openPostgres(after);
    try {
      await migrate(db, { seed: false, supabaseDir, through: migration.version });
      snapAfter = await snapshot(db);
    } finally {
      await db.close();
    }
    const text = readFileSync(migration.file, 'utf8');
    return {
      migration,
      migrationLines: text.split('\n').length - (text.endsWith('\n') ? 1 : 0),
      changes: compareSnapshots(snapBefore, snapAfter),
      // the server runs without pg_cron (its jobs would run in the databases being compared)
      notes: /\bcron\./.test(text)
        ? ['-- pg_cron schedules are not compared: read them in the migration itself']
        : [],
    };
  } finally {
    await server.stop();
  }
}

/** The review as printed: each changed object's diff, then one line of summary. */
export function formatReview(review: Review): string {
  const total = review.changes.reduce((n, c) => n + c.changedLines, 0);
  const counts = new Map<Kind, number>();
  for (const c of review.changes) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
  const n = (count: number, one: string, many: string) =>
    `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
  const byKind = [...counts].map(([kind, count]) => n(count, KINDS[kind][0], KINDS[kind][1]));
  const summary =
    `${n(review.changes.length, 'object', 'objects')} changed${byKind.length ? `: ${byKind.join(', ')}` : ''}; ` +
    `${n(review.migrationLines, 'migration line', 'migration lines')}, ` +
    `${n(total, 'line', 'lines')} of real change`;
  return [...review.changes.map((c) => c.diff), ...review.notes, summary].join('\n\n');
}

/**
 * A unified diff of two lists of lines (3 lines of context), from their longest common
 * subsequence; definitions are at most a few hundred lines, so the quadratic table is cheap.
 */
export function unifiedDiff(
  a: string[],
  b: string[],
  fromLabel: string,
  toLabel: string,
  context = 3,
): { text: string; changed: number } {
  const m = a.length;
  const w = b.length + 1;
  const lcs = new Uint32Array((m + 1) * w);
  for (let i = m - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i * w + j] =
        a[i] === b[j]
          ? lcs[(i + 1) * w + j + 1]! + 1
          : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    }
  }
  type Op = { op: ' ' | '-' | '+'; line: string; ai: number; bi: number };
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < m || j < b.length) {
    if (i < m && j < b.length && a[i] === b[j])
      ops.push({ op: ' ', line: a[i]!, ai: i++, bi: j++ });
    // removed lines first, as diff(1) prints them
    else if (i < m && (j === b.length || lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!))
      ops.push({ op: '-', line: a[i]!, ai: i++, bi: j });
    else ops.push({ op: '+', line: b[j]!, ai: i, bi: j++ });
  }
  const out = [`--- ${fromLabel}`, `+++ ${toLabel}`];
  let changed = 0;
  let k = 0;
  while (k < ops.length) {
    if (ops[k]!.op === ' ') {
      k++;
      continue;
    }
    // one hunk: from `context` lines before this change to `context` lines after the last change
    // that is no more than 2 * context lines from the next
    const start = Math.max(0, k - context);
    let end = k;
    let last = k;
    while (end < ops.length) {
      if (ops[end]!.op !== ' ') last = end;
      else if (end - last > 2 * context) break;
      end++;
    }
    end = Math.min(ops.length, last + context + 1);
    const hunk = ops.slice(start, end);
    const aCount = hunk.filter((o) => o.op !== '+').length;
    const bCount = hunk.filter((o) => o.op !== '-').length;
    const aStart = aCount ? hunk[0]!.ai + 1 : hunk[0]!.ai;
    const bStart = bCount ? hunk[0]!.bi + 1 : hunk[0]!.bi;
    out.push(`@@ -${aStart},${aCount} +${bStart},${bCount} @@`);
    for (const o of hunk) {
      out.push(o.op + o.line);
      if (o.op !== ' ') changed++;
    }
    k = end;
  }
  return { text: out.join('\n'), changed };
}
