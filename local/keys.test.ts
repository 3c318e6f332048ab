import { describe, expect, it } from 'vitest';
import {
  ANON_KEY,
  keyHeaders,
  keyKind,
  PUBLISHABLE_KEY,
  SECRET_KEY,
  SERVICE_ROLE_KEY,
  signJwt,
  verifyJwt,
} from './keys.ts';

describe('local JWTs (jose)', () => {
  it('accepts the Supabase CLI demo keys with their roles', async () => {
    expect(await verifyJwt(ANON_KEY)).toMatchObject({ ok: true, claims: { role: 'anon' } });
    expect(await verifyJwt(SERVICE_ROLE_KEY)).toMatchObject({
      ok: true,
      claims: { role: 'service_role' },
    });
  });

  it('round-trips claims it signs and refuses them once expired', async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const token = await signJwt({ role: 'authenticated', sub: 'u1', exp });
    expect(await verifyJwt(token)).toEqual({
      ok: true,
      claims: { role: 'authenticated', sub: 'u1', exp },
    });
    expect(await verifyJwt(token, undefined, (exp + 1) * 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('refuses another secret, an unsigned token and garbage with PostgREST reasons', async () => {
    const forged = await signJwt({ role: 'service_role' }, 'x'.repeat(40));
    expect(await verifyJwt(forged)).toEqual({ ok: false, reason: 'signature' });
    const [, payload] = SERVICE_ROLE_KEY.split('.');
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payload}.`;
    expect((await verifyJwt(none)).ok).toBe(false);
    expect(await verifyJwt('not.a.jwt')).toEqual({ ok: false, reason: 'malformed' });
    expect(await verifyJwt('abc')).toEqual({ ok: false, reason: 'malformed' });
  });
});

describe('the new local keys', () => {
  it('are the Supabase CLI defaults `supabase start` prints', () => {
    // apps/cli-go/pkg/config/apikeys.go: defaultPublishableKey, defaultSecretKey
    expect(PUBLISHABLE_KEY).toBe('sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH');
    expect(SECRET_KEY).toBe('sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz');
  });

  it('are no JWTs: told apart from the legacy keys by their shape', async () => {
    expect(keyKind(PUBLISHABLE_KEY)).toBe('publishable');
    expect(keyKind(SECRET_KEY)).toBe('secret');
    expect(keyKind(ANON_KEY)).toBe('jwt');
    expect(keyKind('sb_something_else')).toBe('unknown');
    expect(await verifyJwt(SECRET_KEY)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('go in apikey only; a legacy key is also the bearer token', () => {
    expect(keyHeaders(PUBLISHABLE_KEY)).toEqual({ apikey: PUBLISHABLE_KEY });
    expect(keyHeaders(SECRET_KEY)).toEqual({ apikey: SECRET_KEY });
    expect(keyHeaders(SERVICE_ROLE_KEY)).toEqual({
      apikey: SERVICE_ROLE_KEY,
      Authorization: `Bearer ${SERVICE_ROLE_KEY}`,
    });
  });
});
