import { describe, expect, it } from 'vitest';
import { bookingWindow, isInWindow, parseWindowSettings } from './booking-window';

const zone = 'Europe/Copenhagen';

describe('booking window settings', () => {
  it('parses both settings as whole numbers', () => {
    expect(
      parseWindowSettings([
        { key: 'min_advance_booking_days', value: '2' },
        { key: 'max_advance_booking_days', value: '30' },
      ]),
    ).toEqual({ minDays: 2, maxDays: 30 });
  });

  it('falls back to 1 and 60 days when a setting is missing', () => {
    expect(parseWindowSettings([])).toEqual({ minDays: 1, maxDays: 60 });
    expect(parseWindowSettings([{ key: 'max_advance_booking_days', value: '14' }])).toEqual({
      minDays: 1,
      maxDays: 14,
    });
  });

  it('falls back to the default when a setting is not a whole number', () => {
    expect(parseWindowSettings([{ key: 'min_advance_booking_days', value: 'to' }]).minDays).toBe(1);
    expect(parseWindowSettings([{ key: 'max_advance_booking_days', value: '-3' }]).maxDays).toBe(
      60,
    );
  });
});

describe('booking window', () => {
  const defaults = { minDays: 1, maxDays: 60 };

  it('runs from tomorrow to 60 days ahead by default', () => {
    const window = bookingWindow(defaults, new Date('2026-11-22T10:00:00Z'), zone);
    expect(window).toEqual({ first: '2026-11-23', last: '2027-01-21' });
  });

  it('counts from the Copenhagen day, not the UTC day, just after midnight', () => {
    const window = bookingWindow(defaults, new Date('2026-11-22T23:30:00Z'), zone);
    expect(window.first).toBe('2026-11-24');
  });

  it('keeps whole days over the spring DST Sunday', () => {
    const window = bookingWindow(
      { minDays: 1, maxDays: 2 },
      new Date('2026-03-28T23:30:00Z'),
      zone,
    );
    expect(window).toEqual({ first: '2026-03-30', last: '2026-03-31' });
  });

  it('keeps whole days over the autumn DST Sunday', () => {
    const window = bookingWindow(
      { minDays: 0, maxDays: 1 },
      new Date('2026-10-24T22:30:00Z'),
      zone,
    );
    expect(window).toEqual({ first: '2026-10-25', last: '2026-10-26' });
  });

  it('rejects a date before the min and after the max advance window', () => {
    const window = bookingWindow(defaults, new Date('2026-11-22T10:00:00Z'), zone);
    expect(isInWindow('2026-11-22', window)).toBe(false);
    expect(isInWindow('2026-11-23', window)).toBe(true);
    expect(isInWindow('2027-01-21', window)).toBe(true);
    expect(isInWindow('2027-01-22', window)).toBe(false);
  });
});
