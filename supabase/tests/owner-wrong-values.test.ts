// The wrong-values walk: every table the owner's guide (docs/owner.md) sends the owner to, every
// column of it (read from the database, so a new column cannot escape), a set of wrong values
// typed into it, by plain SQL and through /rest/v1 with the service role key as the dashboard's
// Table Editor does. Every refusal must be Danish: none may carry PostgreSQL's English wording.
// The gaps that remain are listed below, each with its reason, and may only fail with the one
// English message they are listed for. Runs on PGlite and on PostgreSQL 15.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestStack, type TestStack } from '../../local/testing/index.ts';
import { BACKENDS, refusal, withRollback } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

/** PostgreSQL's (and PostgREST's) English: none of it may reach the owner. */
const ENGLISH =
  /violates|invalid input|syntax|constraint|duplicate key|null value|out of range|type |malformed|cannot|permission denied|does not exist|column|relation|must be|too long|invalid|not-null|error/i;
/** A Danish refusal says what to do: it has Danish words. */
const DANISH = /[æøå]|\b(skal|skriv|kan|ikke|vælg|ret|eller|findes|udfyld|tøm|lad)\b/i;

/** Wrong values an owner could type into any cell. */
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

/** Tables the guide names that the owner does not edit, and the columns of others they do not. */
const NOT_OWNER_EDITABLE: Record<string, string> = {
  bookings: 'the technical copy in UTC: the guide says never to edit it (owner_bookings instead)',
  'email_outbox.*':
    'the guide has the owner set status (pending) only; the rest is the sender’s bookkeeping',
};

/**
 * Columns whose type PostgreSQL reads before any trigger runs, so that text it cannot read at all
 * is refused with its own English input error. Each may fail only with that message.
 */
const KNOWN_ENGLISH: Record<string, { reason: string; message: RegExp }> = {
  'services.is_active': {
    reason: 'boolean: the editor offers true/false',
    message: /^invalid input syntax for type boolean|^Invalid input for boolean type/,
  },
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
  'settings.is_public': {
    reason: 'boolean, not the owner’s to change',
    message: /^invalid input syntax for type boolean|^Invalid input for boolean type/,
  },
  'opening_hours.weekday': {
    reason: 'smallint, one row per weekday: the owner never types it',
    message: /^invalid input syntax for type smallint|out of range for type smallint/,
  },
  'owner_bookings.status': {
    reason: 'the Danish choice list (enum owner_status): the editor offers only its values',
    message: /^invalid input value for enum owner_status/,
  },
  'owner_agenda.drop_off_local': {
    reason: 'read-only view: any edit is refused, a value the type cannot read first',
    message: /^invalid input syntax for type timestamp|date\/time field value out of range/,
  },
  'owner_agenda.ready_local': {
    reason: 'read-only view, as day',
    message: /^invalid input syntax for type timestamp|date\/time field value out of range/,
  },
  'owner_agenda.status': {
    reason: 'read-only view, as owner_bookings.status',
    message: /^invalid input value for enum owner_status/,
  },
  'owner_agenda.no_shows': {
    reason: 'read-only view, as day: a count the owner only reads',
    message: /^invalid input syntax for type integer|out of range for type integer/,
  },
};

/** The row key of each relation the walk edits. */
const KEY: Record<string, string> = {
  owner_bookings: 'reference',
  owner_agenda: 'reference',
  services: 'id',
  settings: 'key',
  opening_hours: 'weekday',
  closed_dates: 'day',
  open_dates: 'day',
  email_outbox: 'id',
};

/** Rows the guide has the owner insert, each valid as given. */
function insertable(day: string): Record<string, Record<string, string>> {
  return {
    owner_bookings: {
      package: 'Guldpakken',
      drop_off_local: `${day} 14:00`,
      customer_name: 'Walk Kunde',
      customer_phone: '20 11 22 99',
    },
    closed_dates: { day: '24-12-2030', reason: 'Jul' },
    open_dates: { day: '25-12-2030', opens_at: '10:00', closes_at: '14:00' },
  };
}

interface Column {
  relation: string;
  column: string;
}

/** The relations docs/owner.md names (in backticks) that exist in public, and their columns. */
async function ownerColumns(
  query: <T>(sql: string, params?: unknown[]) => Promise<T[]>,
): Promise<Column[]> {
  const guide = readFileSync(new URL('../../docs/owner.md', import.meta.url), 'utf8');
  const named = [...new Set([...guide.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!))];
  const columns = await query<Column>(
    `select c.table_name::text relation, c.column_name::text "column"
       from information_schema.columns c
      where c.table_schema = 'public' and c.table_name = any($1::text[])
      order by c.table_name, c.ordinal_position`,
    [named],
  );
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
  column: Column,
  value: string | null,
  message: string | undefined,
): string | null {
  if (message === undefined) return null; // accepted
  refused.count += 1;
  const gap = KNOWN_ENGLISH[`${column.relation}.${column.column}`];
  if (gap && gap.message.test(message)) return null;
  if (ENGLISH.test(message) || !DANISH.test(message))
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
      'closed_dates',
      'email_outbox',
      'open_dates',
      'opening_hours',
      'owner_agenda',
      'owner_bookings',
      'services',
      'settings',
    ]);
    for (const relation of relations) expect(KEY[relation], relation).toBeDefined();
    // every listed gap is a column the walk reaches (a stale entry fails)
    const names = new Set(columns.map((c) => `${c.relation}.${c.column}`));
    for (const gap of Object.keys(KNOWN_ENGLISH)) expect(names.has(gap), gap).toBe(true);
  });

  it('plain SQL: every wrong value in every column is accepted or refused in Danish', async () => {
    const problems: string[] = [];
    refused.count = 0;
    await withRollback(t, async (tx) => {
      // a booking with an e-mail (so email_outbox has a row), a closed and an open day
      await tx.rows(
        `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
         values ('Guldpakken', $1, 'Walk Kunde', '20112233', 'walk@example.dk')`,
        [`${day} 10:00`],
      );
      await tx.rows(
        `insert into public.closed_dates (day, reason) values ('23-12-2030', 'Lukket')`,
      );
      await tx.rows(`insert into public.open_dates (day) values ('26-12-2030')`);
      const columns = await ownerColumns(<T>(sql: string, p?: unknown[]) => tx.rows<T>(sql, p));
      for (const column of columns) {
        const key = KEY[column.relation]!;
        const target = await tx.one<{ k: string }>(
          `select ${key}::text k from public.${column.relation} order by 1 limit 1`,
        );
        for (const value of WRONG) {
          const r = await refusal(
            tx,
            `update public.${column.relation} set ${column.column} = $1 where ${key}::text = $2`,
            [value, target.k],
          );
          const p = englishProblem('update', column, value, r.message);
          if (p) problems.push(p);
        }
      }
      for (const [relation, row] of Object.entries(insertable(day))) {
        for (const { column } of columns.filter((c) => c.relation === relation)) {
          for (const value of WRONG) {
            const body = { ...row, [column]: value };
            const cols = Object.keys(body).join(', ');
            const r = await refusal(
              tx,
              `insert into public.${relation} (${cols})
               select ${cols} from json_populate_record(null::public.${relation}, $1::json)`,
              [JSON.stringify(body)],
            );
            const p = englishProblem('insert', { relation, column }, value, r.message);
            if (p) problems.push(p);
          }
        }
      }
    });
    expect(problems.join('\n')).toBe('');
    expect(refused.count).toBeGreaterThan(500);
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
      await tx.rows(`insert into public.closed_dates (day) values ('23-12-2030')`);
      await tx.rows(`insert into public.open_dates (day) values ('26-12-2030')`);
      const columns = await ownerColumns(<T>(sql: string, p?: unknown[]) => tx.rows<T>(sql, p));
      for (const relation of new Set(columns.map((c) => c.relation))) {
        const key = KEY[relation]!;
        const keys = await tx.rows<{ k: string }>(`select ${key}::text k from public.${relation}`);
        for (const { k } of keys) {
          const r = await refusal(tx, `delete from public.${relation} where ${key}::text = $1`, [
            k,
          ]);
          if (r.message !== undefined) refusals += 1;
          const p = englishProblem('delete', { relation, column: key }, k, r.message);
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

  it('the service role key, as the Table Editor: accepted or refused in Danish', async () => {
    await stack.query(
      `insert into public.owner_bookings (package, drop_off_local, customer_name, customer_phone, customer_email)
       values ('Guldpakken', $1, 'Walk Kunde', '20112233', 'walk@example.dk')`,
      [`${day} 10:00`],
    );
    await stack.query(
      `insert into public.closed_dates (day, reason) values ('23-12-2030', 'Lukket')`,
    );
    await stack.query(`insert into public.open_dates (day) values ('26-12-2030')`);
    const columns = await ownerColumns(
      <T>(sql: string, p?: unknown[]) => stack.query(sql, p) as Promise<T[]>,
    );
    const problems: string[] = [];
    refused.count = 0;
    for (const column of columns) {
      const key = KEY[column.relation]!;
      for (const value of WRONG) {
        // the row may have changed with an accepted value: address it afresh
        const [target] = await stack.query<{ k: string }>(
          `select ${key}::text k from public.${column.relation} order by 1 limit 1`,
        );
        const message = await rest(
          'PATCH',
          `${column.relation}?${key}=eq.${encodeURIComponent(target!.k)}`,
          { [column.column]: value },
        );
        const p = englishProblem('PATCH', column, value, message);
        if (p) problems.push(p);
      }
    }
    for (const [relation, row] of Object.entries(insertable(day))) {
      for (const { column } of columns.filter((c) => c.relation === relation)) {
        for (const value of WRONG) {
          const message = await rest('POST', relation, { ...row, [column]: value });
          const p = englishProblem('POST', { relation, column }, value, message);
          if (p) problems.push(p);
        }
      }
    }
    expect(problems.join('\n')).toBe('');
    expect(refused.count).toBeGreaterThan(500);
  }, 180_000); // a few hundred requests: near a minute on PostgreSQL 15 on a busy machine
});
