// The PGlite stand-in for statement_timeout, with a fake clock (the gateway tests run it for real).
import { describe, expect, it } from 'vitest';
import type { Queryable, Row } from '../db/database.ts';
import { measuredStatements, timeoutMs } from './timeouts.ts';

describe('statement timeouts on a database that cannot cancel', () => {
  it('reads the setting as PostgreSQL shows it', () => {
    expect(timeoutMs('3s')).toBe(3000);
    expect(timeoutMs('8s')).toBe(8000);
    expect(timeoutMs('100ms')).toBe(100);
    expect(timeoutMs('1500ms')).toBe(1500);
    expect(timeoutMs('2min')).toBe(120_000);
    expect(timeoutMs('1h')).toBe(3_600_000);
    expect(timeoutMs('0')).toBe(0);
    expect(() => timeoutMs('soon')).toThrow();
  });

  /** A transaction whose statements take the given times (ms) and whose limit is `limit`. */
  function fake(limit: string, durations: number[]) {
    let clock = 0;
    const asked: string[] = [];
    const tx: Queryable = {
      async query<T extends Row>(sql: string) {
        asked.push(sql);
        if (sql.includes("current_setting('statement_timeout')"))
          return { rows: [{ value: limit }] as unknown as T[] };
        clock += durations.shift() ?? 0;
        return { rows: [] as T[] };
      },
      async exec() {
        clock += durations.shift() ?? 0;
      },
    };
    return { tx: measuredStatements(tx, () => clock), asked };
  }

  it('refuses a statement that ran over the limit with PostgreSQL’s error, after it ran', async () => {
    const { tx } = fake('3s', [3001]);
    await expect(tx.query('select pg_sleep(3.001)')).rejects.toMatchObject({
      code: '57014',
      message: 'canceling statement due to statement timeout',
    });
  });

  it('lets statements under the limit through, reading the limit once', async () => {
    const { tx, asked } = fake('3s', [0.5, 2999, 10]);
    await tx.query('select 1');
    await tx.exec('set transaction read only');
    await tx.query('select 2');
    // the fast first statement needed no limit; the limit was read once, after the slow one
    expect(asked.filter((q) => q.includes('current_setting'))).toHaveLength(1);
  });

  it('has no limit when the setting is 0', async () => {
    const { tx } = fake('0', [600_000]);
    await expect(tx.query('select pg_sleep(600)')).resolves.toEqual({ rows: [] });
  });
});
