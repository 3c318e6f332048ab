import { describe, expect, it } from 'vitest';
import { ANON_KEY, SERVICE_ROLE_KEY, signJwt, verifyJwt } from './keys.ts';

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
