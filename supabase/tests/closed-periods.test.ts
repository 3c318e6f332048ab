// Closing a holiday period in one closed_dates row (day ... last_day): one row per day, the days
// are closed for booking, a period backwards or over a year is refused in Danish. PGlite and PG 15.
import { describe, expect, it } from 'vitest';
import { BACKENDS, SERVICE, slots, sqlState, withRollback } from './helpers/sql.ts';
import { useTestDatabase } from '../../local/testing/hooks.ts';

const NOW = '2026-11-22T11:00:00Z';

describe.each(BACKENDS)('closed periods on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('one row with last_day closes every day of the period', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec(
        `insert into public.closed_dates (day, reason) values ('2026-12-02', 'Lukket')`,
      );
      await tx.exec(
        `insert into public.closed_dates (day, last_day, reason) values ('2026-11-30', '2026-12-04', 'Juleferie')`,
      );
      expect(
        await tx.rows(`select day::text, last_day, reason from public.closed_dates order by day`),
      ).toEqual([
        { day: '2026-11-30', last_day: null, reason: 'Juleferie' },
        { day: '2026-12-01', last_day: null, reason: 'Juleferie' },
        { day: '2026-12-02', last_day: null, reason: 'Lukket' },
        { day: '2026-12-03', last_day: null, reason: 'Juleferie' },
        { day: '2026-12-04', last_day: null, reason: 'Juleferie' },
      ]);
      for (const day of ['2026-11-30', '2026-12-03', '2026-12-04'])
        expect((await slots(tx, SERVICE.guld, day, NOW)).slots).toEqual([]);
      expect((await slots(tx, SERVICE.guld, '2026-12-07', NOW)).slots).toContain('09:00');
    });
  });

  it('refuses a period that ends before it starts or lasts over a year', async () => {
    await withRollback(t, async (tx) => {
      await tx.exec('savepoint s');
      await expect(
        tx.rows(
          `insert into public.closed_dates (day, last_day) values ('2026-12-10', '2026-12-01')`,
        ),
      ).rejects.toMatchObject({
        code: '23514',
        message:
          'last_day (1. december 2026) ligger før day (10. december 2026). Vælg periodens sidste dag i last_day, f.eks. 25. juli 2027.',
      });
      await tx.exec('rollback to savepoint s');
      expect(
        await sqlState(
          tx,
          `insert into public.closed_dates (day, last_day) values ('2026-12-10', '2028-12-01')`,
        ),
      ).toBe('23514');
    });
  });
});
