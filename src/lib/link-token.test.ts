import { describe, expect, it } from 'vitest';
import { linkToken } from './link-token';

describe('linkToken', () => {
  it('reads a 64-character hex token from the query string of a cancel or move link', () => {
    const token = 'ab'.repeat(32);
    expect(linkToken(`?token=${token}`)).toBe(token);
    expect(linkToken(`?utm=x&token=${token}`)).toBe(token);
  });

  it('refuses missing, short, upper-case or foreign tokens', () => {
    expect(linkToken('')).toBeNull();
    expect(linkToken('?token=abc')).toBeNull();
    expect(linkToken(`?token=${'AB'.repeat(32)}`)).toBeNull();
    expect(linkToken(`?token=${'zz'.repeat(32)}`)).toBeNull();
  });
});
