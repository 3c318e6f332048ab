import { describe, expect, it } from 'vitest';
import { danishDateTime } from './danish-date';

describe('danishDateTime', () => {
  it('writes the Copenhagen wall-clock time of the server string, whatever the offset', () => {
    expect(danishDateTime('2026-12-10T09:00:00+01:00')).toBe(
      'torsdag den 10. december 2026 kl. 09:00',
    );
    expect(danishDateTime('2027-06-01T16:30:00+02:00')).toBe('tirsdag den 1. juni 2027 kl. 16:30');
  });

  it('gives an empty text for something that is not a date-time', () => {
    expect(danishDateTime('i morgen')).toBe('');
  });
});
