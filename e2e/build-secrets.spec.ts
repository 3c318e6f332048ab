/**
 * No secret reaches the browser: scans every file of the production build for the service-role
 * key, the JWT secret, any JWT whose role is not `anon`, sb_secret_ keys, and the names of
 * server-only variables (process.env values of these, when set, are searched for too).
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { JWT_SECRET, SECRET_KEY, SERVICE_ROLE_KEY } from '../local/keys';
import { allFiles, assertBuilt, shortName } from './support/build';

const serverOnlyNames = [
  'SUPABASE_SECRET_KEY',
  'SUPABASE_SERVICE_ROLE_KEY',
  'SERVICE_ROLE_KEY',
  'SUPABASE_JWT_SECRET',
  'JWT_SECRET',
  'RESEND_API_KEY',
  'SUPABASE_DB_URL',
];
const secretValues = [
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  JWT_SECRET,
  ...serverOnlyNames
    .map((name) => process.env[name])
    .filter((v): v is string => !!v && v.length >= 16),
];

function jwtRoles(text: string): string[] {
  return [...text.matchAll(/eyJ[\w-]+\.(eyJ[\w-]+)\.[\w-]+/g)].map(([, payload]) => {
    try {
      return String(JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')).role);
    } catch {
      return 'unreadable';
    }
  });
}

test.describe('secrets in the build', () => {
  test.beforeAll(() => assertBuilt());

  test('no file of build/client holds a secret', () => {
    const files = allFiles().filter((f) => !/\.(png|jpe?g|webp|avif|woff2?|ico)$/.test(f));
    expect(files.length).toBeGreaterThan(10);
    const findings: string[] = [];
    let publicKeySeen = false;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const value of secretValues) {
        if (text.includes(value)) findings.push(`${shortName(file)}: a secret value`);
      }
      for (const name of serverOnlyNames) {
        if (text.includes(name)) findings.push(`${shortName(file)}: mentions ${name}`);
      }
      if (/sb_secret_/.test(text)) findings.push(`${shortName(file)}: an sb_secret_ key`);
      if (/sb_publishable_/.test(text)) publicKeySeen = true;
      for (const role of jwtRoles(text)) {
        if (role === 'anon') publicKeySeen = true;
        else findings.push(`${shortName(file)}: a JWT with role ${role}`);
      }
    }
    expect(findings).toEqual([]);
    // The scan does see keys: the public anon/publishable key is in the booking form's bundle.
    expect(publicKeySeen, 'the public key is found (the scan reads the bundle)').toBe(true);
  });
});
