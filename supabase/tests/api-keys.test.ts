// The functions that only the project's own backend may call check the key themselves, as the new
// API keys require (they are not JWTs: verify_jwt cannot check them): process-email-outbox and
// live-check take a secret key in apikey, refuse the publishable key, and take the legacy
// service_role key only while the legacy keys are on. The functions' own database client uses the
// secret key (SUPABASE_SECRET_KEYS), so they work on a stack whose legacy keys are off.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminKey,
  callerHasSecretKey,
  matchesAny,
  namedKeys,
  secretKeys,
  type Env,
} from '../functions/_shared/api-keys.ts';
import { keyHeaders } from '../../local/testing/index.ts';
import { startEmailStack, type EmailStack } from './helpers/email-stack.ts';

const env =
  (values: Record<string, string>): Env =>
  (name) =>
    values[name];

/**
 * Made-up secret keys of the platform's shape, built at run time so that no secret-shaped literal
 * sits in the repository (secret scanners, ours included, flag one whatever it holds).
 */
const fakeSecretKey = (label: string) => `sb_secret_${label.padEnd(22, '0')}`;
const SECRET = fakeSecretKey('test-one');
const OTHER_SECRET = fakeSecretKey('test-two');
const LEGACY = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl';

describe('the keys a function reads (_shared/api-keys.ts)', () => {
  it('reads SUPABASE_SECRET_KEYS in the platform shape, and says what is wrong with it', () => {
    expect(namedKeys('SUPABASE_SECRET_KEYS', env({}))).toEqual({});
    expect(
      namedKeys('SUPABASE_SECRET_KEYS', env({ SUPABASE_SECRET_KEYS: `{"default":"${SECRET}"}` })),
    ).toEqual({ default: SECRET });
    expect(() => namedKeys('SUPABASE_SECRET_KEYS', env({ SUPABASE_SECRET_KEYS: SECRET }))).toThrow(
      /SUPABASE_SECRET_KEYS is not JSON/,
    );
    expect(() =>
      namedKeys('SUPABASE_SECRET_KEYS', env({ SUPABASE_SECRET_KEYS: `["${SECRET}"]` })),
    ).toThrow(/JSON object of named keys/);
  });

  it('gives the database client the named secret key, the legacy key only while it works', () => {
    const keys = `{"default":"${SECRET}","jobs":"${OTHER_SECRET}"}`;
    expect(adminKey(env({ SUPABASE_SECRET_KEYS: keys, SUPABASE_SERVICE_ROLE_KEY: LEGACY }))).toBe(
      SECRET,
    );
    expect(adminKey(env({ SUPABASE_SECRET_KEYS: keys, SECRET_KEY_NAME: 'jobs' }))).toBe(
      OTHER_SECRET,
    );
    expect(() => adminKey(env({ SUPABASE_SECRET_KEYS: keys, SECRET_KEY_NAME: 'web' }))).toThrow(
      'SUPABASE_SECRET_KEYS has no key named web (SECRET_KEY_NAME)',
    );
    expect(adminKey(env({ SUPABASE_SECRET_KEY: SECRET }))).toBe(SECRET);
    expect(adminKey(env({ SUPABASE_SERVICE_ROLE_KEY: LEGACY }))).toBe(LEGACY);
    expect(() =>
      adminKey(env({ SUPABASE_SERVICE_ROLE_KEY: LEGACY, LEGACY_API_KEYS: 'off' })),
    ).toThrow(/legacy keys are off/);
    expect(() => adminKey(env({}))).toThrow(/SUPABASE_SECRET_KEYS/);
  });

  it('takes any secret key of the project from apikey, and the legacy key only while on', () => {
    const keys = env({
      SUPABASE_SECRET_KEYS: `{"default":"${SECRET}","jobs":"${OTHER_SECRET}"}`,
      SUPABASE_SERVICE_ROLE_KEY: LEGACY,
    });
    const off = env({ SUPABASE_SECRET_KEYS: `{"default":"${SECRET}"}`, LEGACY_API_KEYS: 'off' });
    const call = (headers: Record<string, string>) =>
      new Request('http://x/', { method: 'POST', headers });
    expect(secretKeys(keys)).toEqual([SECRET, OTHER_SECRET]);
    expect(callerHasSecretKey(call({ apikey: SECRET }), keys)).toBe(true);
    expect(callerHasSecretKey(call({ apikey: OTHER_SECRET }), keys)).toBe(true);
    expect(callerHasSecretKey(call({ Authorization: `Bearer ${SECRET}` }), keys)).toBe(false);
    expect(callerHasSecretKey(call({ apikey: `${SECRET}x` }), keys)).toBe(false);
    expect(callerHasSecretKey(call({ apikey: 'sb_publishable_x' }), keys)).toBe(false);
    expect(callerHasSecretKey(call({ Authorization: `Bearer ${LEGACY}` }), keys)).toBe(true);
    expect(callerHasSecretKey(call({ apikey: LEGACY }), keys)).toBe(true);
    expect(callerHasSecretKey(call({ apikey: LEGACY }), off)).toBe(false);
    expect(callerHasSecretKey(call({ apikey: SECRET }), off)).toBe(true);
    // a malformed SUPABASE_SECRET_KEYS lets no one in
    expect(
      callerHasSecretKey(call({ apikey: SECRET }), env({ SUPABASE_SECRET_KEYS: 'nope' })),
    ).toBe(false);
    expect(matchesAny('', [''])).toBe(false);
  });
});

/** POST to a function of the stack with these headers. */
async function post(stack: EmailStack['stack'], name: string, headers: Record<string, string>) {
  const body = name === 'live-check' ? { names: ['RESEND_API_KEY'] } : {};
  const res = await fetch(`${stack.url}/functions/v1/${name}`, {
    method: 'POST',
    headers: { ...headers, 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  await res.body?.cancel();
  return res.status;
}

describe.each([
  ['on', true],
  ['off', false],
] as const)('keys at the functions, legacy keys %s', (_label, legacyKeys) => {
  let running: EmailStack;
  const PROCESSOR_SECRET = 'test-processor-secret-0123456789abcdef';
  let saved: string | undefined;

  beforeAll(async () => {
    saved = process.env.EMAIL_PROCESSOR_SECRET;
    process.env.EMAIL_PROCESSOR_SECRET = PROCESSOR_SECRET;
    running = await startEmailStack({ backend: 'pglite', legacyKeys });
  });
  afterAll(async () => {
    await running?.stop();
    if (saved === undefined) delete process.env.EMAIL_PROCESSOR_SECRET;
    else process.env.EMAIL_PROCESSOR_SECRET = saved;
  });

  it.each(['process-email-outbox', 'live-check'])(
    '%s: a secret key is accepted, the publishable key and a wrong sb_secret_ are not',
    async (name) => {
      const { stack } = running;
      expect(await post(stack, name, keyHeaders(stack.secretKey))).toBe(200);
      // as supabase-js sends it: the key repeated as bearer token
      expect(
        await post(stack, name, {
          apikey: stack.secretKey,
          Authorization: `Bearer ${stack.secretKey}`,
        }),
      ).toBe(200);
      expect(await post(stack, name, keyHeaders(stack.publishableKey))).toBe(401);
      expect(await post(stack, name, { apikey: `${stack.secretKey.slice(0, -1)}x` })).toBe(401);
      expect(await post(stack, name, {})).toBe(401);
    },
  );

  it.each(['process-email-outbox', 'live-check'])(
    `%s: the legacy service_role key is ${legacyKeys ? 'accepted' : 'refused'}`,
    async (name) => {
      const { stack } = running;
      const expected = legacyKeys ? 200 : 401;
      expect(await post(stack, name, keyHeaders(stack.serviceRoleKey))).toBe(expected);
      expect(await post(stack, name, { Authorization: `Bearer ${stack.serviceRoleKey}` })).toBe(
        expected,
      );
      expect(await post(stack, name, keyHeaders(stack.anonKey))).toBe(401);
    },
  );

  it('process-email-outbox: the scheduled job key (EMAIL_PROCESSOR_SECRET) still works', async () => {
    const { stack } = running;
    expect(
      await post(stack, 'process-email-outbox', { Authorization: `Bearer ${PROCESSOR_SECRET}` }),
    ).toBe(200);
    expect(
      await post(stack, 'process-email-outbox', { 'X-Email-Processor-Secret': PROCESSOR_SECRET }),
    ).toBe(200);
    // live-check is for the project's keys only
    expect(await post(stack, 'live-check', { Authorization: `Bearer ${PROCESSOR_SECRET}` })).toBe(
      401,
    );
  });
});
