import { describe, expect, it } from 'vitest';
import { dateFromIso, isoFromDate } from '~/features/booking/rules/calendar-date';

describe('calendar days', () => {
  it('round-trips a day through the calendar widget Date', () => {
    expect(isoFromDate(dateFromIso('2026-03-29'))).toBe('2026-03-29');
    expect(dateFromIso('2026-12-01').getDate()).toBe(1);
  });

  it('refuses text that is not a yyyy-MM-dd date', () => {
    expect(() => dateFromIso('1/12/2026')).toThrow();
  });
});
