import { describe, expect, it } from 'vitest';
import { business } from '~/content/business';
import {
  ageText,
  copenhagenMonth,
  foundingTexts,
  monthText,
  shortMonthText,
  yearsSince,
} from '~/content/founding';

// Every `now` is a fixed instant, none reads the clock: written with its Copenhagen offset (CEST
// +02:00 in summer, CET +01:00 in winter) to read as the workshop's calendar, or in UTC where the
// UTC day is not the Copenhagen one.
const AUGUST_2024 = { year: 2024, month: 8 };

describe("the workshop's age as the pages state it", () => {
  it('turns a year older on 1 August in Copenhagen, not a day before', () => {
    expect(ageText(AUGUST_2024, new Date('2026-07-31T23:59:59+02:00'))).toBe('1 år');
    expect(ageText(AUGUST_2024, new Date('2026-08-01T00:00:00+02:00'))).toBe('2 år');
    expect(ageText(AUGUST_2024, new Date('2027-07-31T12:00:00+02:00'))).toBe('2 år');
    expect(ageText(AUGUST_2024, new Date('2027-08-01T12:00:00+02:00'))).toBe('3 år');
  });

  it('counts the Copenhagen day, not the UTC one', () => {
    // 22:30 UTC on 31 July is already 00:30 on 1 August in Copenhagen
    expect(yearsSince(AUGUST_2024, new Date('2026-07-31T22:30:00Z'))).toBe(2);
    // 23:30 UTC on 31 December is 00:30 on 1 January in Copenhagen (winter time, +01:00)
    const january = { year: 2025, month: 1 };
    expect(yearsSince(january, new Date('2026-12-31T22:59:59Z'))).toBe(1);
    expect(yearsSince(january, new Date('2026-12-31T23:00:00Z'))).toBe(2);
  });

  it('says "Nystartet" before the first anniversary, and from it "1 år"', () => {
    expect(ageText(AUGUST_2024, new Date('2024-08-01T10:00:00+02:00'))).toBe('Nystartet');
    expect(ageText(AUGUST_2024, new Date('2025-07-31T23:59:59+02:00'))).toBe('Nystartet');
    expect(ageText(AUGUST_2024, new Date('2025-08-01T00:00:00+02:00'))).toBe('1 år');
  });

  it('never states a negative age (a moment before the founding)', () => {
    expect(yearsSince(AUGUST_2024, new Date('2023-12-01T12:00:00+01:00'))).toBe(0);
    expect(ageText(AUGUST_2024, new Date('2023-12-01T12:00:00+01:00'))).toBe('Nystartet');
  });

  it('counts whole years however long ago, in winter and in summer', () => {
    expect(ageText(AUGUST_2024, new Date('2027-01-15T12:00:00+01:00'))).toBe('2 år');
    expect(ageText(AUGUST_2024, new Date('2034-08-01T00:00:00+02:00'))).toBe('10 år');
  });

  it('reads the calendar month of an instant in Copenhagen, across the DST changes', () => {
    expect(copenhagenMonth(new Date('2026-03-31T22:30:00Z'))).toEqual({ year: 2026, month: 4 });
    expect(copenhagenMonth(new Date('2026-10-31T22:59:00Z'))).toEqual({ year: 2026, month: 10 });
    expect(copenhagenMonth(new Date('2026-10-31T23:00:00Z'))).toEqual({ year: 2026, month: 11 });
  });
});

describe('the founding month as the pages write it', () => {
  it('writes the month in Danish, lower case in a sentence and short in the timeline', () => {
    expect(monthText(AUGUST_2024)).toBe('august 2024');
    expect(shortMonthText(AUGUST_2024)).toBe('Aug 2024');
    expect(monthText({ year: 2025, month: 5 })).toBe('maj 2025');
    expect(shortMonthText({ year: 2024, month: 10 })).toBe('Okt 2024');
    expect(monthText({ year: 2024, month: 12 })).toBe('december 2024');
  });

  it('gives the pages the texts of business.founded as of one moment', () => {
    expect(foundingTexts(business.founded, new Date('2026-11-29T12:00:00+01:00'))).toEqual({
      age: '2 år',
      month: 'august 2024',
      shortMonth: 'Aug 2024',
    });
  });

  it('are the texts the unit tests build with (vitest.config.ts, as vite.config.ts does)', () => {
    const { age, month, shortMonth } = foundingTexts(
      business.founded,
      new Date('2026-11-29T12:00:00Z'),
    );
    expect({
      age: SITE_FOUNDED_AGE,
      month: SITE_FOUNDED_MONTH,
      shortMonth: SITE_FOUNDED_SHORT_MONTH,
    }).toEqual({ age, month, shortMonth });
  });
});
