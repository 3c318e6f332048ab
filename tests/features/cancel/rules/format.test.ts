import { describe, expect, it } from 'vitest';
import { cancelToken } from '~/features/cancel/rules/format';

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
