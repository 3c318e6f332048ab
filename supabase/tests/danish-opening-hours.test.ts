// The week's opening hours are written in two places that cannot share a module: the pages
// (browser, src/lib/site-data.ts openingHoursLines) and the e-mails (Deno,
// supabase/functions/_shared/email/format.ts openingHoursLines). This test fails when the two
// group or word a week differently.
import { describe, expect, it } from 'vitest';
import { openingHoursLines as pageLines } from '../../src/lib/site-data.ts';
import { openingHoursLines as emailLines } from '../functions/_shared/email/format.ts';

type Day = { weekday: number; opensAt: string | null; closesAt: string | null };

const HOURS: ReadonlyArray<[string, string] | null> = [
  ['09:00', '20:00'],
  ['08:00', '17:00'],
  null,
];

/** Every week whose days each take one of HOURS: 3^7 = 2,187 weeks (all groupings, closed days, edges). */
function* everyWeek(): Generator<Day[]> {
  for (let code = 0; code < HOURS.length ** 7; code += 1) {
    let rest = code;
    const week: Day[] = [];
    for (let weekday = 1; weekday <= 7; weekday += 1) {
      const hours = HOURS[rest % HOURS.length]!;
      rest = Math.floor(rest / HOURS.length);
      week.push({ weekday, opensAt: hours?.[0] ?? null, closesAt: hours?.[1] ?? null });
    }
    yield week;
  }
}

describe('opening hours on the pages and in the e-mails', () => {
  it('are grouped and written the same way for every week', () => {
    let weeks = 0;
    for (const week of everyWeek()) {
      const page = pageLines(week).map((line) => `${line.days}: ${line.hours}`);
      expect(emailLines(week), JSON.stringify(week)).toEqual(page);
      weeks += 1;
    }
    expect(weeks).toBe(2187);
  });

  it('read as the footer writes them', () => {
    const week: Day[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      opensAt: weekday <= 4 ? '09:00' : weekday === 5 ? '08:00' : null,
      closesAt: weekday <= 4 ? '20:00' : weekday === 5 ? '17:00' : null,
    }));
    expect(emailLines(week)).toEqual([
      'Mandag - Torsdag: 09:00 - 20:00',
      'Fredag: 08:00 - 17:00',
      'Lørdag - Søndag: Lukket',
    ]);
  });

  it('treat a day with only one of its two times as closed, on both sides', () => {
    const week: Day[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
      weekday,
      opensAt: '09:00',
      closesAt: weekday === 3 ? null : '17:00',
    }));
    const page = pageLines(week).map((line) => `${line.days}: ${line.hours}`);
    expect(emailLines(week)).toEqual(page);
    expect(page).toContain('Onsdag: Lukket');
  });
});
