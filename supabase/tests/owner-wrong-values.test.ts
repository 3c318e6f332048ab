// The wrong-values walk: every table the owner's guide (docs/owner.md) sends the owner to, every
// column of it (read from the database, so a new column cannot escape), the values the dashboard's
// Table Editor can send into it, by plain SQL and through /rest/v1 with the service role key as
// the Table Editor does. What the editor can send depends on the column's type: a number input
// (numbers), a date picker (ISO days), a time input (HH:mm:ss), a choice list (enums), true/false/
// null (booleans); free text anywhere else. Every refusal of what the editor can send must be
// Danish: none may carry PostgreSQL's English wording. A REST client can send more (JSON numbers,
// "449 kr" into a number column): what a column's type cannot read fails with PostgreSQL's English
// input error before any trigger; those gaps are listed below (REST_ONLY_ENGLISH), each with its
// reason and the one English message it may fail with. WALK_TABLE=1 prints the walk as a table
// (column, editor, value, answer). Runs on PGlite and on PostgreSQL 15.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { ADDON, BACKENDS, SERVICE, refusal, withRollback } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

/** PostgreSQL's (and PostgREST's) English: none of it may reach the owner. */
const ENGLISH =
  /violates|invalid input|syntax|constraint|duplicate key|null value|out of range|type |malformed|cannot|permission denied|does not exist|column|relation|must be|too long|invalid|not-null|error/i;
/** A Danish refusal says what to do: it has Danish words. */
const DANISH = /[æøå]|\b(skal|skriv|kan|ikke|vælg|ret|eller|findes|udfyld|tøm|lad|giv|allerede)\b/i;

/** Wrong values an owner could type into a free-text cell. */
const WRONG: (string | null)[] = [
  null,
  '',
  '   ',
  'abc',
  '-5',
  '0',
  '449 kr',
  '449,50',
  '1.800',
  '4.5',
  'to måneder',
  'ja',
  '99999999999999999999',
  "'; drop table public.bookings; --",
  '05-01-27',
  '31-02-2027',
  '2027-13-01',
  '25:00',
  '17:00 - 09:00',
  'x'.repeat(2000),
];

type Editor = 'number' | 'date' | 'time' | 'boolean' | 'enum' | 'text';

/** Studio's grid editor of a column type (apps/studio/components/grid/components/editor). */
function editorOf(type: string, enumValues: string[] | null): Editor {
  if (enumValues) return 'enum';
  if (['int2', 'int4', 'int8', 'numeric', 'float4', 'float8'].includes(type)) return 'number';
  if (type === 'date') return 'date';
  if (type === 'time') return 'time';
  if (type === 'bool') return 'boolean';
  // text, uuid, jsonb and timestamps are free text in the grid
  return 'text';
}

/** A value as the owner gives it and as the editor sends it ('' in a typed cell is sent as null). */
interface Value {
  typed: string | null;
  sent: string | number | boolean | null;
}
const v = (typed: string | null, sent: Value['sent'] = typed): Value => ({ typed, sent });

/** What each editor can send. */
function editorValues(editor: Editor, enumValues: string[] | null): Value[] {
  switch (editor) {
    case 'number':
      return [
        v('', null),
        v(null),
        v('-5'),
        v('0'),
        v('449.5'),
        v('7'),
        v('1e3'),
        v('99999999999'),
      ];
    case 'date':
      // a past day, a day ahead, an emptied cell; an impossible day cannot be picked
      return [v('', null), v('2020-01-06'), v('2030-12-27')];
    case 'time':
      // 24:00:00 is not offered by the time input, but REST may send it: the same refusal
      return [
        v('', null),
        v('00:00:00'),
        v('09:00:00'),
        v('09:00:30'),
        v('23:59:59'),
        v('24:00:00'),
      ];
    case 'boolean':
      return [v('true', true), v('false', false), v(null)];
    case 'enum':
      return [...(enumValues ?? []).map((e) => v(e)), v(null)];
    case 'text':
      return WRONG.map((w) => v(w));
  }
}

/** What only a REST client can send into a typed column (the editor cannot). */
const REST_ONLY: Partial<Record<Editor, Value['sent'][]>> = {
  number: [449, 449.5, '449 kr', '1.800', 'abc', ''],
  date: ['05-01-2027', '05-01-27', '2027-02-31', 'abc', ''],
  time: ['9.30', '25:00', 'abc', ''],
  boolean: ['ja', ''],
  enum: ['bekraeftet', ''],
};

/**
 * REST only: text a column's type cannot read fails with PostgreSQL's input error, in English,
 * before any trigger runs. The Table Editor cannot send these (its number input, date picker, time
 * input, choice list and true/false offer only values of the type).
 */
const REST_ONLY_ENGLISH: Partial<Record<Editor, { reason: string; message: RegExp }>> = {
  number: {
    reason: 'numeric: "449 kr", "abc" and "" are not numbers; the number input sends only numbers',
    message: /^invalid input syntax for type (numeric|smallint|integer)/,
  },
  date: {
    reason:
      'date: "abc", "" and 31 February are not dates; the date picker sends only real ISO days',
    message: /^invalid input syntax for type date|^date\/time field value out of range/,
  },
  time: {
    reason: 'time: "9.30", "25:00", "abc" and "" are not times; the time input sends HH:mm:ss',
    message: /^invalid input syntax for type time|^date\/time field value out of range/,
  },
  boolean: {
    reason: 'boolean: the editor offers true/false/null',
    message: /^invalid input syntax for type boolean|^Invalid input for boolean type/,
  },
  enum: {
    reason: 'the Danish choice list (enum owner_status): the editor offers only its values',
    message: /^invalid input value for enum owner_status/,
  },
};

/** One line of the walk's table. */
interface Line {
  where: string;
  column: string;
  editor: string;
  value: string;
  answer: string;
}

function printTable(title: string, lines: Line[]) {
  if (!process.env.WALK_TABLE) return;
  const row = (l: Line) =>
    `| ${l.where} | ${l.column} | ${l.editor} | ${l.value} | ${l.answer.replace(/\|/g, '/')} |`;
  console.log(
    [
      `${title}`,
      '| how | column | editor | value | answer |',
      '|---|---|---|---|---|',
      ...lines.map(row),
    ].join('\n'),
  );
}

const shown = (value: Value['sent'], typed?: string | null) => {
  const json = JSON.stringify(value)?.slice(0, 30) ?? 'null';
  return typed === '' && value === null ? `'' (sent as null)` : json;
};

function line(
  where: string,
  column: Column,
  value: string,
  message: string | undefined,
  stored?: string | null,
): Line {
  return {
    where,
    column: `${column.relation}.${column.column}`,
    editor: column.editor,
    value,
    answer:
      message === undefined
        ? stored === undefined
          ? 'accepted'
          : `accepted, stored ${JSON.stringify(stored)}`
        : message.slice(0, 110),
  };
}

/** Tables the guide names that the owner does not edit, and the columns of others they do not. */
const NOT_OWNER_EDITABLE: Record<string, string> = {
  bookings: 'the technical copy in UTC: the guide says never to edit it (owner_bookings instead)',
  'email_outbox.*':
    'the guide has the owner set status (pending) only; the rest is the sender’s bookkeeping',
  waitlist_entries:
    'the guide has the owner read the waiting list and delete a row when a customer asks, never edit it',
  review_opt_outs:
    'the guide names it for reading (who said no); a row is deleted only at the customer’s request',
};

/**
 * Columns the owner does not edit whose type PostgreSQL reads before any trigger runs, so that
 * what the editor sends (free text, or a decimal into the weekday's number input) may be refused
 * with its own English input error. Each may fail only with that message.
 */
const KNOWN_ENGLISH: Record<string, { reason: string; message: RegExp }> = {
  'services.id': {
    reason: 'uuid, filled automatically',
    message: /^invalid input syntax for type uuid/,
  },
  'services.created_at': {
    reason: 'timestamptz, filled automatically',
    message:
      /^invalid input syntax for type timestamp with time zone|out of range|date\/time field value out of range/,
  },
  'services.updated_at': {
    reason: 'timestamptz, filled automatically',
    message:
      /^invalid input syntax for type timestamp with time zone|out of range|date\/time field value out of range/,
  },
  'opening_hours.weekday': {
    reason: 'smallint, one row per weekday: the owner never types it',
    message: /^invalid input syntax for type smallint|out of range for type smallint/,
  },
  'owner_agenda.drop_off_local': {
    reason: 'read-only view: any edit is refused, a value the type cannot read first',
    message: /^invalid input syntax for type timestamp|date\/time field value out of range/,
  },
  'owner_agenda.ready_local': {
    reason: 'read-only view, as day',
    message: /^invalid input syntax for type timestamp|date\/time field value out of range/,
  },
  'owner_bookings.no_shows': {
    reason:
      'a count the database fills in: a whole number typed is refused in Danish, a decimal first',
    message: /^invalid input syntax for type integer|out of range for type integer/,
  },
  'owner_agenda.no_shows': {
    reason: 'read-only view, as day: a count the owner only reads',
    message: /^invalid input syntax for type integer|out of range for type integer/,
  },
  'addons.id': {
    reason: 'uuid, filled automatically (as services.id)',
    message: /^invalid input syntax for type uuid/,
  },
  'service_size_prices.service_id': {
    reason: 'uuid of a package: the Table Editor offers the packages to pick (a foreign key)',
    message: /^invalid input syntax for type uuid/,
  },
  'addon_services.addon_id': {
    reason: 'uuid of an add-on: the Table Editor offers the add-ons to pick (a foreign key)',
    message: /^invalid input syntax for type uuid/,
  },
  'addon_services.service_id': {
    reason: 'uuid of a package: the Table Editor offers the packages to pick (a foreign key)',
    message: /^invalid input syntax for type uuid/,
  },
  ...Object.fromEntries(
    ['car_sizes', 'service_size_prices', 'addons'].flatMap((table) =>
      ['created_at', 'updated_at'].map((column) => [
        `${table}.${column}`,
        {
          reason: 'timestamptz, filled automatically (as services.created_at)',
          message:
            /^invalid input syntax for type timestamp with time zone|out of range|date\/time field value out of range/,
        },
      ]),
    ),
  ),
};

/** The row key of each relation the walk edits (its columns: a price per package and size). */
const KEY: Record<string, string[]> = {
  owner_bookings: ['reference'],
  owner_agenda: ['reference'],
  services: ['id'],
  settings: ['key'],
  opening_hours: ['weekday'],
  closed_dates: ['day'],
  open_dates: ['day'],
  email_outbox: ['id'],
  owners: ['email'],
  car_sizes: ['code'],
  service_size_prices: ['service_id', 'car_size'],
  addons: ['id'],
  addon_services: ['addon_id', 'service_id'],
  review_settings: ['id'],
};

/** A relation's row key as one text in SQL (the columns joined by '|'). */
const keySql = (relation: string) => KEY[relation]!.map((c) => `${c}::text`).join(` || '|' || `);

/** The /rest/v1 filter of the row whose key keySql gave. */
const keyFilter = (relation: string, key: string) =>
  KEY[relation]!.map((c, i) => `${c}=eq.${encodeURIComponent(key.split('|')[i]!)}`).join('&');

/** Rows the guide has the owner insert, each valid as given. */
function insertable(day: string): Record<string, Record<string, string>> {
  return {
    owner_bookings: {
      package: 'Guldpakken',
      drop_off_local: `${day} 14:00`,
      customer_name: 'Walk Kunde',
      customer_phone: '20 11 22 99',
    },
    closed_dates: { day: '2030-12-24', reason: 'Jul' },
    open_dates: { day: '2030-12-25', opens_at: '10:00:00', closes_at: '14:00:00' },
    // the guide's new size, its price for a package, a new add-on and the package it fits
    car_sizes: { code: 'minibus', name: 'Minibus' },
    service_size_prices: { service_id: SERVICE.guld, car_size: 'minibus', price: '599' },
    addons: { name: 'Lakforsegling', price: '499', duration_minutes: '60' },
    addon_services: { addon_id: ADDON.laedercreme, service_id: SERVICE.solv },
  };
}

interface Column {
  relation: string;
  column: string;
  editor: Editor;
  enumValues: string[] | null;
}

/** The relations docs/owner.md names (in backticks) that exist in public, and their columns. */
async function ownerColumns(
  query: <T>(sql: string, params?: unknown[]) => Promise<T[]>,
): Promise<Column[]> {
  const guide = readFileSync(new URL('../../docs/owner.md', import.meta.url), 'utf8');
  const named = [...new Set([...guide.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!))];
  const rows = await query<Omit<Column, 'editor'> & { type: string }>(
    `select c.table_name::text relation, c.column_name::text "column", c.udt_name::text "type",
            (select array_agg(e.enumlabel::text order by e.enumsortorder)
               from pg_enum e join pg_type ty on ty.oid = e.enumtypid
              where ty.typname = c.udt_name) "enumValues"
       from information_schema.columns c
      where c.table_schema = 'public' and c.table_name = any($1::text[])
      order by c.table_name, c.ordinal_position`,
    [named],
  );
  const columns = rows.map(({ type, ...c }) => ({ ...c, editor: editorOf(type, c.enumValues) }));
  return columns.filter(
    (c) =>
      !(c.relation in NOT_OWNER_EDITABLE) &&
      !(`${c.relation}.*` in NOT_OWNER_EDITABLE && c.column !== 'status'),
  );
}

/** How many refusals the walk met (a walk that reached nothing must fail). */
const refused = { count: 0 };

function englishProblem(
  where: string,
  column: Pick<Column, 'relation' | 'column' | 'editor'>,
  value: Value['sent'],
  message: string | undefined,
  restOnly = false,
): string | null {
  if (message === undefined) return null; // accepted
  refused.count += 1;
  const gap = KNOWN_ENGLISH[`${column.relation}.${column.column}`];
  if (gap && gap.message.test(message)) return null;
  const restGap = restOnly ? REST_ONLY_ENGLISH[column.editor] : undefined;
  if (restGap && restGap.message.test(message)) return null;
  // a column's or a setting's name (rate_limit_invalid_per_ip_per_hour) is the owner's word
  const prose = message.replace(/\b[a-z]+(?:_[a-z0-9]+)+\b/g, '');
  if (ENGLISH.test(prose) || !DANISH.test(message))
    return `${where} ${column.relation}.${column.column} = ${JSON.stringify(value)?.slice(0, 40)}: ${message}`;
  return null;
}

describe.each(BACKENDS)('the wrong-values walk on %s', (backend) => {
  const t = useTestDatabase({ backend });
  let day: string;
  beforeAll(async () => {
    day = (
      await t.query<{ d: string }>(
        `select to_char(d, 'YYYY-MM-DD') d
           from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
                                (now() at time zone 'Europe/Copenhagen')::date + 60, interval '1 day') d
          where extract(isodow from d) between 1 and 4
            and exists (select 1 from public.booking_day_hours(d::date))
          order by d limit 1`,
      )
    )[0]!.d;
  });

  it('derives every owner-editable relation and column from the guide', async () => {
    const columns = await ownerColumns(
      <T>(sql: string, p?: unknown[]) => t.query(sql, p) as Promise<T[]>,
    );
    const relations = [...new Set(columns.map((c) => c.relation))].sort();
    expect(relations).toEqual([
      'addon_services',
      'addons',
      'car_sizes',
      'closed_dates',
      'email_outbox',
      'open_dates',
      'opening_hours',
      'owner_agenda',
      'owner_bookings',
      'owners',
      'review_settings',
      'service_size_prices',
      'services',
      'settings',
    ]);
    for (const relation of relations) expect(KEY[relation], relation).toBeDefined();
    // every listed gap is a column the walk reaches (a stale entry fails)
    const names = new Set(columns.map((c) => `${c.relation}.${c.column}`));
    for (const gap of Object.keys(KNOWN_ENGLISH)) expect(names.has(gap), gap).toBe(true);
  });

  it('plain SQL: what the editor can send into every column is accepted or refused in Danish', async () => {
    const problems: string[] = [];
    const lines: Line[] = [];
    refused.count = 0;
    await withRollback(t, async (tx) => {
      // a booking with an e-mail (so email_outbox has a row), a closed and an open day
      await tx.rows(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
         values ('Guldpakken', $1, 'Walk Kunde', '20112233', 'walk@example.dk')`,
        [`${day} 10:00`],
      );
      await tx.rows(
        `insert into public.closed_dates (day, reason) values ('2030-12-23', 'Lukket')`,
      );
      await tx.rows(`insert into public.open_dates (day) values ('2030-12-26')`);
      const columns = await ownerColumns(<T>(sql: string, p?: unknown[]) => tx.rows<T>(sql, p));
      for (const column of columns) {
        const key = keySql(column.relation);
        for (const { typed, sent } of editorValues(column.editor, column.enumValues)) {
          // an accepted value may have changed the row's key: address it afresh
          const target = await tx.one<{ k: string }>(
            `select ${key} k from public.${column.relation} order by 1 limit 1`,
          );
          const r = await refusal(
            tx,
            `update public.${column.relation} set ${column.column} = $1 where ${key} = $2`,
            [sent === null ? null : String(sent), target.k],
          );
          lines.push(line('SQL update', column, shown(sent, typed), r.message));
          const p = englishProblem('update', column, sent, r.message);
          if (p) problems.push(p);
        }
      }
      for (const [relation, row] of Object.entries(insertable(day))) {
        for (const column of columns.filter((c) => c.relation === relation)) {
          for (const { sent } of editorValues(column.editor, column.enumValues)) {
            const body = { ...row, [column.column]: sent };
            const cols = Object.keys(body).join(', ');
            const r = await refusal(
              tx,
              `insert into public.${relation} (${cols})
               select ${cols} from json_populate_record(null::public.${relation}, $1::json)`,
              [JSON.stringify(body)],
            );
            const p = englishProblem('insert', column, sent, r.message);
            if (p) problems.push(p);
          }
        }
      }
    });
    printTable(`The walk by plain SQL on ${backend}`, lines);
    expect(problems.join('\n')).toBe('');
    expect(refused.count).toBeGreaterThan(200);
  });

  it('plain SQL: deleting any row the owner sees is accepted or refused in Danish', async () => {
    const problems: string[] = [];
    let refusals = 0;
    await withRollback(t, async (tx) => {
      await tx.rows(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
         values ('Guldpakken', $1, 'Walk Kunde', '20112233', 'walk@example.dk')`,
        [`${day} 10:00`],
      );
      await tx.rows(`insert into public.closed_dates (day) values ('2030-12-23')`);
      await tx.rows(`insert into public.open_dates (day) values ('2030-12-26')`);
      const columns = await ownerColumns(<T>(sql: string, p?: unknown[]) => tx.rows<T>(sql, p));
      for (const relation of new Set(columns.map((c) => c.relation))) {
        const key = keySql(relation);
        const keys = await tx.rows<{ k: string }>(`select ${key} k from public.${relation}`);
        for (const { k } of keys) {
          const r = await refusal(tx, `delete from public.${relation} where ${key} = $1`, [k]);
          if (r.message !== undefined) refusals += 1;
          const p = englishProblem(
            'delete',
            { relation, column: KEY[relation]!.join(', '), editor: 'text' },
            k,
            r.message,
          );
          if (p) problems.push(p);
        }
      }
      // the package that has a booking, the booking itself and the read-only agenda are refused
      expect(refusals).toBeGreaterThanOrEqual(3);
    });
    expect(problems.join('\n')).toBe('');
  });
});

describe.each(BACKENDS)('the wrong-values walk through /rest/v1 on %s', (backend) => {
  let stack: TestStack;
  let day: string;
  beforeAll(async () => {
    stack = await startTestStack({ backend });
    day = (
      await stack.query<{ d: string }>(
        `select to_char(d, 'YYYY-MM-DD') d
           from generate_series((now() at time zone 'Europe/Copenhagen')::date + 2,
                                (now() at time zone 'Europe/Copenhagen')::date + 60, interval '1 day') d
          where extract(isodow from d) between 1 and 4
            and exists (select 1 from public.booking_day_hours(d::date))
          order by d limit 1`,
      )
    )[0]!.d;
  });
  afterAll(async () => {
    await stack?.stop();
  });

  async function rest(method: string, path: string, body: unknown) {
    const res = await fetch(`${stack.url}/rest/v1/${path}`, {
      method,
      headers: {
        apikey: stack.serviceRoleKey,
        Authorization: `Bearer ${stack.serviceRoleKey}`,
        'Content-Type': 'application/json',
        Prefer: 'return=minimal',
      },
      body: JSON.stringify(body),
    });
    if (res.ok) return undefined;
    const answer = (await res.json()) as { message?: string };
    expect(res.status, answer.message).toBeLessThan(500);
    return answer.message ?? '';
  }

  it('the service role key, as the Table Editor: accepted or refused in Danish; REST-only values as listed', async () => {
    await stack.query(
      `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
       values ('Guldpakken', $1, 'Walk Kunde', '20112233', 'walk@example.dk')`,
      [`${day} 10:00`],
    );
    await stack.query(
      `insert into public.closed_dates (day, reason) values ('2030-12-23', 'Lukket')`,
    );
    await stack.query(`insert into public.open_dates (day) values ('2030-12-26')`);
    const columns = await ownerColumns(
      <T>(sql: string, p?: unknown[]) => stack.query(sql, p) as Promise<T[]>,
    );
    const problems: string[] = [];
    const lines: Line[] = [];
    refused.count = 0;
    for (const column of columns) {
      const key = keySql(column.relation);
      const values: [Value['sent'], string | null | undefined, boolean][] = [
        ...editorValues(column.editor, column.enumValues).map(
          (x): [Value['sent'], string | null, boolean] => [x.sent, x.typed, false],
        ),
        ...(REST_ONLY[column.editor] ?? []).map((x): [Value['sent'], undefined, boolean] => [
          x,
          undefined,
          true,
        ]),
      ];
      for (const [sent, typed, restOnly] of values) {
        // the row may have changed with an accepted value: address it afresh
        const [target] = await stack.query<{ k: string }>(
          `select ${key} k from public.${column.relation} order by 1 limit 1`,
        );
        const message = await rest(
          'PATCH',
          `${column.relation}?${keyFilter(column.relation, target!.k)}`,
          { [column.column]: sent },
        );
        if (message === undefined && column.editor !== 'text') {
          // what an accepted value was stored as (a month-first day shows here)
          const [stored] = await stack.query<{ v: string | null }>(
            `select ${column.column}::text v from public.${column.relation} order by ${key} limit 1`,
          );
          lines.push(
            line(
              restOnly ? 'REST only' : 'REST (editor)',
              column,
              shown(sent, typed),
              undefined,
              stored?.v,
            ),
          );
        } else {
          lines.push(
            line(restOnly ? 'REST only' : 'REST (editor)', column, shown(sent, typed), message),
          );
        }
        const p = englishProblem('PATCH', column, sent, message, restOnly);
        if (p) problems.push(p);
      }
    }
    for (const [relation, row] of Object.entries(insertable(day))) {
      for (const column of columns.filter((c) => c.relation === relation)) {
        for (const { sent } of editorValues(column.editor, column.enumValues)) {
          const message = await rest('POST', relation, { ...row, [column.column]: sent });
          const p = englishProblem('POST', column, sent, message);
          if (p) problems.push(p);
        }
      }
    }
    printTable(`The walk through /rest/v1 on ${backend}`, lines);
    expect(problems.join('\n')).toBe('');
    expect(refused.count).toBeGreaterThan(200);
  }, 180_000); // a few hundred requests: near a minute on PostgreSQL 15 on a busy machine
});
