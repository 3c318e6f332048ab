import { describe, expect, it } from 'vitest';
import { isClosedDay, openingRules } from './closed-days';

const hours = [
  { weekday: 1, opens_at: '09:00:00', closes_at: '20:00:00' },
  { weekday: 2, opens_at: '09:00:00', closes_at: '20:00:00' },
  { weekday: 3, opens_at: '09:00:00', closes_at: '20:00:00' },
  { weekday: 4, opens_at: '09:00:00', closes_at: '20:00:00' },
  { weekday: 5, opens_at: '08:00:00', closes_at: '17:00:00' },
  { weekday: 6, opens_at: '10:00:00', closes_at: '16:00:00' },
  { weekday: 7, opens_at: null, closes_at: null },
];

describe('closed days', () => {
  const rules = openingRules(hours, ['2026-12-01'], ['2026-12-26']);

  it('closes a weekday without opening hours (Sunday)', () => {
    expect(isClosedDay('2026-11-29', rules)).toBe(true);
    expect(isClosedDay('2026-11-28', rules)).toBe(false);
  });

  it('closes a weekday that has no row at all', () => {
    expect(isClosedDay('2026-11-23', openingRules(hours.slice(1), []))).toBe(true);
  });

  it('closes a date the owner closed', () => {
    expect(isClosedDay('2026-12-01', rules)).toBe(true);
    expect(isClosedDay('2026-12-02', rules)).toBe(false);
  });

  it('closes public holidays unless the owner opened the day', () => {
    expect(isClosedDay('2026-12-25', rules)).toBe(true);
    expect(isClosedDay('2026-12-26', rules)).toBe(false);
  });

  it('keeps a closed date closed even when it is also opened', () => {
    expect(isClosedDay('2026-12-01', openingRules(hours, ['2026-12-01'], ['2026-12-01']))).toBe(
      true,
    );
  });
});
