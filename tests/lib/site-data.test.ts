import { describe, expect, it } from 'vitest';
import { seededSiteData } from '../support/site-data';
import {
  approxWorkingDays,
  durationText,
  openingHoursLines,
  priceSpan,
  type OpeningDay,
} from '~/lib/site-data';

describe('openingHoursLines', () => {
  it('groups consecutive days with equal hours and says Lukket for a closed day', () => {
    expect(
      openingHoursLines(seededSiteData.openingHours).map(({ days, hours }) => ({ days, hours })),
    ).toEqual([
      { days: 'Mandag - Torsdag', hours: '09:00 - 20:00' },
      { days: 'Fredag', hours: '08:00 - 17:00' },
      { days: 'Lørdag', hours: '10:00 - 16:00' },
      { days: 'Søndag', hours: 'Lukket' },
    ]);
  });

  it('does not group days that are not next to each other', () => {
    // open on odd weekdays, closed on even ones: equal hours, but never on neighbouring days
    const days: OpeningDay[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) =>
      weekday % 2
        ? { weekday, opensAt: '09:00', closesAt: '17:00' }
        : { weekday, opensAt: null, closesAt: null },
    );
    const lines = openingHoursLines(days);
    expect(lines.map((line) => line.weekdays)).toEqual(days.map((day) => [day.weekday]));
    expect(lines.map((line) => line.hours)).toEqual(
      days.map((day) => (day.opensAt ? '09:00 - 17:00' : 'Lukket')),
    );
    expect([lines[0]?.days, lines[6]?.days]).toEqual(['Mandag', 'Søndag']);
  });

  it('treats a missing weekday as closed', () => {
    const lines = openingHoursLines([{ weekday: 1, opensAt: '09:00', closesAt: '17:00' }]);
    expect(lines.map(({ days, hours }) => `${days}: ${hours}`)).toEqual([
      'Mandag: 09:00 - 17:00',
      'Tirsdag - Søndag: Lukket',
    ]);
  });
});

describe('priceSpan', () => {
  it('is the cheapest and dearest active package, or null without packages', () => {
    expect(priceSpan(seededSiteData.services)).toEqual({ min: 199, max: 3600 });
    expect(priceSpan([])).toBeNull();
  });
});

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
