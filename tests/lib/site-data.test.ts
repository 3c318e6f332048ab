import { describe, expect, it } from 'vitest';
import { seededSiteData } from '../support/site-data';
import { openingHoursLines, priceSpan, type OpeningDay } from '~/lib/site-data';

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
