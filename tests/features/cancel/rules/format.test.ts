import { describe, expect, it } from 'vitest';
import { cancelToken, danishDateTime } from '~/features/cancel/rules/format';

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

describe('cancelToken', () => {
  it('reads a 64-character hex token from the query string', () => {
    const token = 'ab'.repeat(32);
    expect(cancelToken(`?token=${token}`)).toBe(token);
    expect(cancelToken(`?utm=x&token=${token}`)).toBe(token);
  });

  it('refuses missing, short, upper-case or foreign tokens', () => {
    expect(cancelToken('')).toBeNull();
    expect(cancelToken('?token=abc')).toBeNull();
    expect(cancelToken(`?token=${'AB'.repeat(32)}`)).toBeNull();
    expect(cancelToken(`?token=${'zz'.repeat(32)}`)).toBeNull();
  });
});
