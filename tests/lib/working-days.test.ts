import { describe, expect, it } from 'vitest';
import type { OpeningDay } from '~/lib/site-data';
import { approxWorkingDays, durationText } from '~/lib/working-days';
import { seededSiteData } from '../support/site-data';

describe('durationText: about how many working days a long job takes', () => {
  const week = seededSiteData.openingHours;
  it('says a polish of 14 and 18 hours takes about 2 working days in the seeded week', () => {
    expect(durationText(840, week)).toBe('14 timer · ca. 2 arbejdsdage');
    expect(durationText(1080, week)).toBe('18 timer · ca. 2 arbejdsdage');
  });
  it('says nothing more for a job that fits in a day', () => {
    expect(durationText(480, week)).toBe('8 timer');
    expect(durationText(30, week)).toBe('30 min');
    expect(approxWorkingDays(480, week)).toBeNull();
  });
  it('follows the opening hours: shorter days make more working days', () => {
    const short: OpeningDay[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
      weekday <= 5
        ? { weekday, opensAt: '09:00', closesAt: '15:00' }
        : { weekday, opensAt: null, closesAt: null },
    );
    expect(durationText(840, short)).toBe('14 timer · ca. 3 arbejdsdage');
    expect(durationText(480, short)).toBe('8 timer · ca. 2 arbejdsdage');
  });
  it('says only the duration when no day is open or the hours are unknown', () => {
    const closed = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      opensAt: null,
      closesAt: null,
    }));
    expect(durationText(840, closed)).toBe('14 timer');
    expect(durationText(840, undefined)).toBe('14 timer');
  });
});
