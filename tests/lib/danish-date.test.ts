import { describe, expect, it } from 'vitest';
import { danishDateTime, danishDay, danishDayTime, localParts } from '~/lib/danish-date';

describe("the site's one Danish style of a booking's time", () => {
  it('writes weekday, "den", day, month, year, "kl." and the time', () => {
    expect(danishDateTime('2026-12-10T09:00:00+01:00')).toBe(
      'torsdag den 10. december 2026 kl. 09:00',
    );
    expect(danishDateTime('2027-06-01T16:30:00+02:00')).toBe('tirsdag den 1. juni 2027 kl. 16:30');
    expect(danishDayTime('2026-12-07', '09:00')).toBe('mandag den 7. december 2026 kl. 09:00');
    expect(danishDay('2026-12-01')).toBe('tirsdag den 1. december 2026');
  });

  it('writes the Copenhagen wall-clock time of the server string, across the DST changes', () => {
    expect(danishDateTime('2026-03-29T03:00:00+02:00')).toBe('søndag den 29. marts 2026 kl. 03:00');
    expect(danishDateTime('2026-10-25T02:30:00+01:00')).toBe(
      'søndag den 25. oktober 2026 kl. 02:30',
    );
    expect(danishDateTime('2026-12-31T23:59:00+01:00')).toBe(
      'torsdag den 31. december 2026 kl. 23:59',
    );
    expect(danishDay('2026-03-29')).toBe('søndag den 29. marts 2026');
    expect(danishDay('2026-10-25')).toBe('søndag den 25. oktober 2026');
  });

  it('gives an empty text for something that is not a date-time or a day', () => {
    expect(danishDateTime('i morgen')).toBe('');
    expect(danishDateTime('2026-13-45T09:00:00+01:00')).toBe('');
    expect(danishDay('i morgen')).toBe('');
  });

  it('reads day and time of a server instant as written', () => {
    expect(localParts('2026-07-01T08:30:00+02:00')).toEqual({ day: '2026-07-01', time: '08:30' });
    expect(localParts('not a date')).toBeNull();
  });
});
