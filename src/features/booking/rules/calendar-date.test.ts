import { describe, expect, it } from 'vitest';
import { addDays, dateFromIso, isoFromDate, isoWeekday, todayIn } from './calendar-date';

describe('calendar days', () => {
  it('round-trips a day through the calendar widget Date', () => {
    expect(isoFromDate(dateFromIso('2026-03-29'))).toBe('2026-03-29');
    expect(dateFromIso('2026-12-01').getDate()).toBe(1);
  });

  it('adds days across month, year and DST boundaries', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-29', 1)).toBe('2026-03-30');
    expect(addDays('2026-10-25', -1)).toBe('2026-10-24');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
  });

  it('numbers weekdays the ISO way, Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-11-23')).toBe(1);
    expect(isoWeekday('2026-11-29')).toBe(7);
  });

  it('takes today in the given time zone, not UTC', () => {
    // 23:30 UTC on 30 Nov is 00:30 on 1 Dec in Copenhagen (winter time, +01:00)
    expect(todayIn('Europe/Copenhagen', new Date('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(todayIn('UTC', new Date('2026-11-30T23:30:00Z'))).toBe('2026-11-30');
    // summer time (+02:00): 22:30 UTC on 30 Jun is already 1 Jul
    expect(todayIn('Europe/Copenhagen', new Date('2026-06-30T22:30:00Z'))).toBe('2026-07-01');
  });

  it('refuses text that is not a yyyy-MM-dd date', () => {
    expect(() => dateFromIso('1/12/2026')).toThrow();
  });
});
