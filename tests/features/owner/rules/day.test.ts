// The day arithmetic of /ejer: pure, with the server's now as a parameter.
import { describe, expect, it } from 'vitest';
import type { Car, OwnerDay } from '~/features/owner/api/types';
import {
  addDays,
  carActions,
  clockOf,
  copenhagenClock,
  copenhagenDay,
  minutesUntil,
  sortCars,
  withCar,
} from '~/features/owner/rules/day';
import fixture from '../fixtures/day.json';

const day = fixture as OwnerDay;

describe('the day on the owner page', () => {
  it('sorts the cars by their time that day, the ones in the middle of a job last', () => {
    expect(sortCars(day.cars).map((c) => c.reference)).toEqual([
      'P3R8ZT2A',
      'K7M2QX9D',
      'W9L4NB7C',
    ]);
  });

  it('reads the clock of a server instant as written (Copenhagen offset)', () => {
    expect(clockOf('2026-12-01T09:05:00+01:00')).toBe('09:05');
    expect(clockOf(null)).toBe('');
  });

  it('adds calendar days across the DST Sundays of March and October', () => {
    expect(addDays('2027-03-27', 1)).toBe('2027-03-28');
    expect(addDays('2027-03-28', 1)).toBe('2027-03-29');
    expect(addDays('2026-10-25', 1)).toBe('2026-10-26');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it("says a moment's Copenhagen day and clock, winter and summer", () => {
    // 23:30 UTC on 30 November is 00:30 on 1 December in Copenhagen (UTC+1)
    expect(copenhagenDay(Date.parse('2026-11-30T23:30:00Z'))).toBe('2026-12-01');
    expect(copenhagenClock(Date.parse('2026-11-30T23:30:00Z'))).toBe('00:30');
    // summer time: UTC+2
    expect(copenhagenClock(Date.parse('2027-06-01T06:15:00Z'))).toBe('08:15');
  });

  it('offers the next status forward as the big button, and no-show beside it', () => {
    const car = day.cars[0]!;
    expect(carActions({ ...car, next: ['arrived', 'no_show'] })).toEqual({
      primary: 'arrived',
      secondary: 'no_show',
    });
    expect(carActions({ ...car, next: ['collected'] })).toEqual({
      primary: 'collected',
      secondary: null,
    });
    expect(carActions({ ...car, next: [] })).toEqual({ primary: null, secondary: null });
  });

  it('counts whole minutes of the undo window, at least one', () => {
    const now = Date.parse('2026-12-01T10:00:00+01:00');
    expect(minutesUntil('2026-12-01T10:03:00+01:00', now)).toBe(3);
    expect(minutesUntil('2026-12-01T10:00:10+01:00', now)).toBe(1);
  });

  it("puts a change's answer in place of the car, and leaves a day without it alone", () => {
    const changed: Car = { ...day.cars[1]!, status: 'ready', statusText: 'klar' };
    expect(withCar(day, changed).cars[1]!.statusText).toBe('klar');
    const other = { ...day, cars: [day.cars[0]!] };
    expect(withCar(other, changed)).toBe(other);
  });
});
