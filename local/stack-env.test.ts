import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { legacyKeysFromEnv, readEnvFile } from './stack.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'stack-env-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the functions’ .env file', () => {
  it('is read as dotenv files are: comments, quotes, export and = in values', () => {
    const file = path.join(dir, '.env');
    writeFileSync(
      file,
      [
        '# Resend',
        'RESEND_API_KEY=re_123',
        'SITE_URL="https://example.dk/?a=b"',
        "OWNER_EMAIL='ejer@example.dk'",
        'export EMAIL_INTERVAL_MS=250',
        'EMPTY=',
        '',
      ].join('\n'),
    );
    expect(readEnvFile(file)).toEqual({
      RESEND_API_KEY: 're_123',
      SITE_URL: 'https://example.dk/?a=b',
      OWNER_EMAIL: 'ejer@example.dk',
      EMAIL_INTERVAL_MS: '250',
      EMPTY: '',
    });
  });

  it('is empty when there is no file', () => {
    expect(readEnvFile(path.join(dir, 'missing.env'))).toEqual({});
  });
});

describe('SUPABASE_LEGACY_KEYS', () => {
  it('is on unless off, and anything else is an error that names it', () => {
    expect(legacyKeysFromEnv(undefined)).toBe(true);
    expect(legacyKeysFromEnv('')).toBe(true);
    expect(legacyKeysFromEnv('on')).toBe(true);
    expect(legacyKeysFromEnv(' OFF ')).toBe(false);
    expect(() => legacyKeysFromEnv('false')).toThrow(/SUPABASE_LEGACY_KEYS must be on or off/);
  });
});
