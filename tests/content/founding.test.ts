import { describe, expect, it } from 'vitest';
import { business } from '~/content/business';
import { founding, monthText, shortMonthText } from '~/content/founding';

const AUGUST_2024 = { year: 2024, month: 8 };

describe('the founding month as the pages write it', () => {
  it('writes the month in Danish, lower case in a sentence and short in the timeline', () => {
    expect(monthText(AUGUST_2024)).toBe('august 2024');
    expect(shortMonthText(AUGUST_2024)).toBe('Aug 2024');
    expect(monthText({ year: 2025, month: 5 })).toBe('maj 2025');
    expect(shortMonthText({ year: 2024, month: 10 })).toBe('Okt 2024');
    expect(monthText({ year: 2024, month: 12 })).toBe('december 2024');
  });

  it("derives the pages' texts from business.founded", () => {
    expect(founding.month).toBe(monthText(business.founded));
    expect(founding.shortMonth).toBe(shortMonthText(business.founded));
  });
});
