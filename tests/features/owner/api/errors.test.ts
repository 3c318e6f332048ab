// Every refusal of Supabase Auth and of the owner RPCs becomes one Danish sentence. The auth
// errors are auth-js's own classes, built as auth-js builds them from GoTrue's answers
// (github:supabase/auth internal/api: otp.go 422 otp_disabled, verify.go 403 otp_expired, mail.go
// 429 over_email_send_rate_limit with "after N seconds", hooks/hookserrors a bare 403).
import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError } from '@supabase/auth-js';
import { describe, expect, it } from 'vitest';
import { authError, OwnerError, ownerMessage, rpcError } from '~/features/owner/api/errors';

describe('GoTrue refusals in Danish', () => {
  it('says an address without a user may not sign in here (422 otp_disabled)', () => {
    const error = authError(new AuthApiError('Signups not allowed for otp', 422, 'otp_disabled'));
    expect(error.kind).toBe('not_allowed');
    expect(error.message).toBe(
      'Denne e-mailadresse kan ikke logge ind her. Brug den adresse, der står på ejerlisten.',
    );
  });

  it('says how long to wait when GoTrue names the seconds (429)', () => {
    const error = authError(
      new AuthApiError(
        'For security purposes, you can only request this after 37 seconds.',
        429,
        'over_email_send_rate_limit',
      ),
    );
    expect(error.kind).toBe('rate_limited');
    expect(error.waitSeconds).toBe(37);
    expect(error.message).toBe(
      'Der er lige sendt en kode. Vent 37 sekunder, før du beder om en ny.',
    );
  });

  it('asks to wait a little when the limit names no time (429 over_request_rate_limit)', () => {
    const error = authError(
      new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit'),
    );
    expect(error.waitSeconds).toBeNull();
    expect(error.message).toBe('For mange forsøg lige nu. Vent lidt, og prøv igen.');
  });

  it('says the code is wrong or expired (403 otp_expired)', () => {
    const error = authError(
      new AuthApiError('Token has expired or is invalid', 403, 'otp_expired'),
    );
    expect(error.kind).toBe('wrong_code');
    expect(error.message).toMatch(/^Koden er forkert eller udløbet\./);
  });

  it("says the address is not an owner when the access token hook refuses (403, GoTrue's code unknown)", () => {
    const error = authError(new AuthApiError('Adressen er ikke på ejerlisten.', 403, 'unknown'));
    expect(error.kind).toBe('not_owner');
    expect(error.message).toMatch(/ikke på ejerlisten/);
  });

  it('says the phone is offline when no answer came, and that the server fails on a 5xx', () => {
    expect(authError(new AuthRetryableFetchError('Failed to fetch', 0)).kind).toBe('offline');
    expect(authError(new AuthRetryableFetchError('Failed to fetch', 0)).message).toBe(
      'Ingen forbindelse. Prøv igen, når telefonen har net.',
    );
    expect(authError(new AuthRetryableFetchError('{}', 503)).kind).toBe('unavailable');
  });

  it('says the owner is signed out when the session is gone', () => {
    expect(authError(new AuthSessionMissingError()).kind).toBe('signed_out');
    expect(authError(new AuthSessionMissingError()).message).toBe('Du er logget ud. Log ind igen.');
  });

  it('says an invalid address is one (400 validation_failed)', () => {
    expect(
      authError(new AuthApiError('Unable to validate email address', 400, 'validation_failed'))
        .message,
    ).toBe('Skriv en gyldig e-mailadresse, f.eks. navn@firma.dk.');
  });
});

describe('owner RPC refusals in Danish', () => {
  it('42501 (403 for a signed-in user) is an address that is not an owner', () => {
    const error = rpcError(
      { code: '42501', message: 'Du er ikke ejer', details: null, hint: null },
      403,
    );
    expect(error.kind).toBe('not_owner');
    expect(error.message).toMatch(/ikke på ejerlisten/);
  });

  it('409 (PT409) is a car changed elsewhere, and the day is loaded again', () => {
    const error = rpcError({ code: 'PT409', message: 'Bilen er ændret' }, 409);
    expect(error.kind).toBe('conflict');
    expect(error.message).toBe(
      'Bilen er ændret et andet sted i mellemtiden. Dagen er hentet igen – se den nye status.',
    );
  });

  it('a request that never reached the server (postgrest-js status 0) is offline', () => {
    const error = rpcError({ code: '', message: 'TypeError: Failed to fetch' }, 0);
    expect(error.kind).toBe('offline');
  });

  it("a database refusal keeps the database's Danish message", () => {
    const message = 'Tiden er optaget: Guldpakken 1. december kl. 10:00.';
    const error = rpcError({ code: 'P0001', message }, 400);
    expect(error.kind).toBe('refused');
    expect(error.message).toBe(message);
  });

  it("PostgREST's own English errors and an expired token never reach the owner as they are", () => {
    expect(rpcError({ code: 'PGRST303', message: 'JWT expired' }, 401).kind).toBe('signed_out');
    const missing = rpcError(
      { code: 'PGRST202', message: 'Could not find the function public.owner_day' },
      404,
    );
    expect(missing.message).toBe('Noget gik galt. Prøv igen.');
    expect(
      rpcError({ code: '22P02', message: 'invalid input syntax for type uuid' }, 400).kind,
    ).toBe('unknown');
    expect(rpcError({ code: '', message: '' }, 502).kind).toBe('unavailable');
  });

  it('anything else than an OwnerError is said in the page words', () => {
    expect(ownerMessage(new Error('boom'))).toBe('Noget gik galt. Prøv igen.');
    expect(ownerMessage(new OwnerError('conflict', 'x'))).toBe('x');
  });
});
