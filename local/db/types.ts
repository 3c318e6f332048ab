// Generates TypeScript definitions in the shape of `supabase gen types typescript` (the `Database`
// type createClient<Database> takes) from a database's public schema.
import type { Queryable } from './database.ts';
import { publicFunctions } from './functions.ts';
import { PG_DATE_TIME_TYPES, PG_JSON_TYPES, PG_NUMBER_TYPES } from './pg-types.ts';

type Column = {
  table_name: string;
  kind: string;
  column_name: string;
  udt_name: string;
  data_type: string;
  is_nullable: boolean;
  has_default: boolean;
  is_identity: boolean;
  is_generated: boolean;
  is_updatable: boolean;
};

const NUMBER = new Set<string>([...PG_NUMBER_TYPES, 'oid', 'money']);
const BOOLEAN = new Set(['bool']);
const JSON_TYPES = new Set<string>(PG_JSON_TYPES);
const STRING = new Set<string>([
  'text',
  'varchar',
  'bpchar',
  'char',
  'name',
  'uuid',
  ...PG_DATE_TIME_TYPES,
  'inet',
  'cidr',
  'macaddr',
  'citext',
  'bytea',
  'tsrange',
  'tstzrange',
  'daterange',
  'int4range',
  'int8range',
  'numrange',
  'regclass',
  'xml',
  'tsvector',
]);

/** Row types of public tables, views and composite types, used for composite arguments. */
let relationRows = new Map<string, string>();

function tsType(udt: string, enums: Map<string, string[]>): string {
  if (udt.startsWith('_')) {
    const inner = tsType(udt.slice(1), enums);
    return inner.includes('|') ? `(${inner})[]` : `${inner}[]`;
  }
  if (NUMBER.has(udt)) return 'number';
  if (BOOLEAN.has(udt)) return 'boolean';
  if (JSON_TYPES.has(udt)) return 'Json';
  if (STRING.has(udt)) return 'string';
  if (udt === 'void') return 'undefined';
  if (enums.has(udt)) return `Database["public"]["Enums"]["${udt}"]`;
  return relationRows.get(udt) ?? 'unknown';
}

const key = (name: string) =>
  /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name : JSON.stringify(name);

function indent(lines: string[], depth: number): string {
  return lines.map((l) => (l ? '  '.repeat(depth) + l : l)).join('\n');
}

export async function generateTypes(db: Queryable): Promise<string> {
  const enumRows = (
    await db.query<{ name: string; labels: string[] }>(
      `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder)::text[] as labels
         from pg_type t join pg_enum e on e.enumtypid = t.oid
        where t.typnamespace = 'public'::regnamespace group by t.typname order by t.typname`,
    )
  ).rows;
  const enums = new Map(enumRows.map((e) => [e.name, e.labels]));

  const columns = (
    await db.query<Column>(
      `select c.relname as table_name, c.relkind::text as kind, a.attname as column_name,
              (case when t.typtype = 'd' then bt.typname else t.typname end)::text as udt_name,
              format_type(a.atttypid, a.atttypmod) as data_type,
              not a.attnotnull as is_nullable, a.atthasdef as has_default,
              a.attidentity <> '' as is_identity, a.attgenerated <> '' as is_generated,
              c.relkind in ('r', 'p') or pg_column_is_updatable(c.oid, a.attnum, false) as is_updatable
         from pg_class c
         join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
         join pg_type t on t.oid = a.atttypid
         left join pg_type bt on bt.oid = t.typbasetype
        where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'c')
        order by c.relname, a.attnum`,
    )
  ).rows;

  const fns = await publicFunctions(db);
  const relNames = new Map(
    (
      await db.query<{ oid: number; relname: string }>(
        `select oid::int, relname from pg_class where relnamespace = 'public'::regnamespace`,
      )
    ).rows.map((r) => [Number(r.oid), r.relname]),
  );

  const byTable = new Map<string, Column[]>();
  for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);
  const group = (kind: string) =>
    kind === 'r' || kind === 'p' ? 'Tables' : kind === 'c' ? 'CompositeTypes' : 'Views';
  relationRows = new Map(
    [...byTable].map(([name, cols]) => {
      const g = group(cols[0]!.kind);
      return [
        name,
        `Database["public"]["${g}"]["${name}"]${g === 'CompositeTypes' ? '' : '["Row"]'}`,
      ];
    }),
  );

  const rowType = (cols: Column[]) =>
    cols.map(
      (c) => `${key(c.column_name)}: ${tsType(c.udt_name, enums)}${c.is_nullable ? ' | null' : ''}`,
    );
  const insertType = (cols: Column[]) =>
    cols
      .filter((c) => c.is_updatable)
      .map((c) => {
        const optional = c.is_nullable || c.has_default || c.is_identity || c.is_generated;
        return c.is_generated
          ? `${key(c.column_name)}?: never`
          : `${key(c.column_name)}${optional ? '?' : ''}: ${tsType(c.udt_name, enums)}${c.is_nullable ? ' | null' : ''}`;
      });
  const updateType = (cols: Column[]) =>
    cols
      .filter((c) => c.is_updatable)
      .map((c) =>
        c.is_generated
          ? `${key(c.column_name)}?: never`
          : `${key(c.column_name)}?: ${tsType(c.udt_name, enums)}${c.is_nullable ? ' | null' : ''}`,
      );
  const block = (name: string, fields: string[]) =>
    fields.length ? [`${name}: {`, ...fields.map((f) => `  ${f}`), '}'] : [`${name}: {}`];

  const tables: string[] = [];
  const views: string[] = [];
  const composites: string[] = [];
  for (const [name, cols] of byTable) {
    if (cols[0]!.kind === 'c') {
      // as `supabase gen types` writes them: every attribute may be null
      composites.push(
        `${key(name)}: {`,
        ...cols.map((c) => `  ${key(c.column_name)}: ${tsType(c.udt_name, enums)} | null`),
        '}',
      );
      continue;
    }
    const isTable = cols[0]!.kind === 'r' || cols[0]!.kind === 'p';
    const body = [
      ...block('Row', rowType(cols)),
      ...(isTable || cols.some((c) => c.is_updatable)
        ? [...block('Insert', insertType(cols)), ...block('Update', updateType(cols))]
        : []),
      'Relationships: []',
    ];
    (isTable ? tables : views).push(`${key(name)}: {`, ...body.map((l) => `  ${l}`), '}');
  }

  const functions: string[] = [];
  const grouped = new Map<string, string[]>();
  for (const f of fns) {
    if (f.ins.some((a) => a.name === '')) continue; // PostgREST cannot call functions with unnamed arguments
    const inArgs = f.ins.map(
      (a) => `${key(a.name)}${a.optional ? '?' : ''}: ${tsType(a.typname, enums)}`,
    );
    const outCols = f.outs.map((a) => `${key(a.name)}: ${tsType(a.typname, enums)}`);
    let returns: string[];
    if (outCols.length) {
      returns = [`Returns: {`, ...outCols.map((c) => `  ${c}`), f.retset ? '}[]' : '}'];
    } else if (f.returns.typtype === 'c' && relationRows.has(relNames.get(f.returns.relid) ?? '')) {
      const row = relationRows.get(relNames.get(f.returns.relid)!)!;
      returns = [`Returns: ${row}${f.retset ? '[]' : ''}`];
    } else if (f.returns.typname === 'jsonb' && !f.retset) {
      // the answer's shape is declared by name in sql-answers.ts (Json where it is not)
      returns = [`Returns: SqlAnswer<${JSON.stringify(f.name)}>`];
    } else {
      const t = tsType(f.returns.typname, enums);
      returns = [`Returns: ${f.retset ? `${t}[]` : t}`];
    }
    const sig = [
      ...(inArgs.length ? ['Args: {', ...inArgs.map((a) => `  ${a}`), '}'] : ['Args: never']),
      ...returns,
    ];
    grouped.set(f.name, [...(grouped.get(f.name) ?? []), sig.join('\n')]);
  }
  for (const [name, sigs] of grouped) {
    if (sigs.length === 1)
      functions.push(`${key(name)}: {`, ...sigs[0]!.split('\n').map((l) => `  ${l}`), '}');
    else
      functions.push(
        `${key(name)}:`,
        ...sigs.flatMap((s, i) => [
          `  ${i ? '| ' : ''}{`,
          ...s.split('\n').map((l) => `    ${l}`),
          '  }',
        ]),
      );
  }

  const enumLines = enumRows.map(
    (e) => `${key(e.name)}: ${e.labels.map((l) => JSON.stringify(l)).join(' | ')}`,
  );
  const section = (name: string, lines: string[]) =>
    lines.length
      ? [`${name}: {`, ...lines.map((l) => `  ${l}`), '}']
      : [`${name}: {`, '  [_ in never]: never', '}'];

  const schema = [
    ...section('Tables', tables),
    ...section('Views', views),
    ...section('Functions', functions),
    ...section('Enums', enumLines),
    ...section('CompositeTypes', composites),
  ];

  return `// GENERATED FILE, do not edit by hand. Regenerate with \`npm run db:types\` (local/cli/db-types.ts)
// after changing a migration: it reads the schema the migrations in supabase/migrations build.
import type { SqlAnswers } from './sql-answers.ts';

export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[];

/** A jsonb function's answer: its declaration in sql-answers.ts, or any JSON. */
type SqlAnswer<N extends string> = N extends keyof SqlAnswers ? SqlAnswers[N] : Json;

export type Database = {
  // Allows createClient<Database> to infer the PostgREST version.
  __InternalSupabase: {
    PostgrestVersion: '12.2.3';
  };
  public: {
${indent(schema, 2)}
  };
};

type PublicSchema = Database['public'];

export type Tables<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Row'];
export type TablesInsert<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Insert'];
export type TablesUpdate<T extends keyof PublicSchema['Tables']> = PublicSchema['Tables'][T]['Update'];
export type Enums<T extends keyof PublicSchema['Enums']> = PublicSchema['Enums'][T];
`;
}
