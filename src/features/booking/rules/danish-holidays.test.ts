import { describe, expect, it } from 'vitest';
import { danishPublicHolidays, easterSunday, isDanishPublicHoliday } from './danish-holidays';

describe('Danish public holidays', () => {
  it('finds Easter Sunday', () => {
    expect(easterSunday(2024)).toBe('2024-03-31');
    expect(easterSunday(2025)).toBe('2025-04-20');
    expect(easterSunday(2026)).toBe('2026-04-05');
    expect(easterSunday(2027)).toBe('2027-03-28');
  });

  it('lists the ten holidays of 2026 without Store Bededag', () => {
    expect(danishPublicHolidays(2026)).toEqual([
      '2026-01-01',
      '2026-04-02',
      '2026-04-03',
      '2026-04-05',
      '2026-04-06',
      '2026-05-14',
      '2026-05-24',
      '2026-05-25',
      '2026-12-25',
      '2026-12-26',
    ]);
  });

  it('keeps Store Bededag before 2024', () => {
    expect(danishPublicHolidays(2023)).toContain('2023-05-05');
    expect(danishPublicHolidays(2024)).not.toContain('2024-04-26');
  });

  it('does not count juleaften or Grundlovsdag', () => {
    expect(isDanishPublicHoliday('2026-12-24')).toBe(false);
    expect(isDanishPublicHoliday('2026-06-05')).toBe(false);
    expect(isDanishPublicHoliday('2026-12-25')).toBe(true);
  });
});
