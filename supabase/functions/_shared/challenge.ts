// Proof of work before a booking (so that one machine cannot script bookings cheaply): ALTCHA
// challenges made and checked with altcha-lib's default export (its current proof of work;
// `altcha-lib/v1` is the old scheme).
//
// A challenge is PBKDF2/SHA-256 in ALTCHA's deterministic mode: the server draws a counter between
// COUNTER_MIN and COUNTER_MAX, derives the key for it and publishes the key's first 16 bytes as the
// prefix to find; the browser tries counters from 0 (spread over its workers) until a key matches.
// Solving costs on average (COUNTER_MIN + COUNTER_MAX) / 2 x cost PBKDF2 iterations; checking a
// solution costs two HMACs (the derived key is signed as `keySignature`). The challenge expires
// after CHALLENGE_TTL_SECONDS; the database keeps used ones until then (booking_challenge_uses).
//
// The browser sends what the ALTCHA widget puts in its form field: base64 of the JSON
// {challenge: {parameters, signature}, solution: {counter, derivedKey, time?}}.
import altcha, { type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { ALTCHA_MAX_LENGTH } from './validation.ts';

export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
export const CHALLENGE_TTL_SECONDS = 10 * 60;
export const COUNTER_MIN = 100;
export const COUNTER_MAX = 300;
/** booking_challenge_cost when the setting is missing or not a whole number in range. */
export const DEFAULT_CHALLENGE_COST = 5000;
export const MAX_CHALLENGE_COST = 1_000_000;

/** The function secret that signs challenges; at least 32 characters. */
export function challengeSecret(): string | null {
  const key = Deno.env.get('ALTCHA_HMAC_KEY');
  return key && key.length >= 32 ? key : null;
}

// The derived key is signed with a second secret; one function secret is enough, so it is derived.
function keySignatureSecret(secret: string): string {
  return `${secret}:derived-key`;
}

/** The cost from the setting's text; the default when it is not a whole number in range. */
export function challengeCost(value: unknown): number {
  const n = typeof value === 'string' && /^\d{1,7}$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isInteger(n) && n >= 1 && n <= MAX_CHALLENGE_COST ? n : DEFAULT_CHALLENGE_COST;
}

/** A new signed challenge ({parameters, signature}, as the widget fetches it). */
export function newChallenge(secret: string, cost: number, now = Date.now()): Promise<Challenge> {
  return altcha.createChallenge({
    algorithm: CHALLENGE_ALGORITHM,
    cost,
    counter: altcha.randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + CHALLENGE_TTL_SECONDS,
    hmacSignatureSecret: secret,
    hmacKeySignatureSecret: keySignatureSecret(secret),
  });
}

export type ChallengeCheck =
  /** cost: the PBKDF2 cost signed into the challenge (the database checks it against the pressure). */
  | { ok: true; signature: string; expiresAt: Date; cost: number }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' };

const BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
const HEX64 = /^[0-9a-f]{64}$/;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Decodes the widget's field into {challenge, solution}, or null when it is not one. */
export function decodePayload(
  payload: string,
): { challenge: Challenge; solution: Solution } | null {
  if (payload.length > ALTCHA_MAX_LENGTH || !BASE64.test(payload)) return null;
  let parsed: unknown;
  try {
    const bytes = Uint8Array.from(atob(payload), (c) => c.charCodeAt(0));
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    return null;
  }
  if (!isObject(parsed) || !isObject(parsed.challenge) || !isObject(parsed.solution)) return null;
  const { challenge, solution } = parsed;
  const parameters = challenge.parameters;
  if (!isObject(parameters) || typeof challenge.signature !== 'string') return null;
  if (!HEX64.test(challenge.signature)) return null;
  if (parameters.algorithm !== CHALLENGE_ALGORITHM) return null;
  const expiresAt = parameters.expiresAt;
  if (typeof expiresAt !== 'number' || !Number.isSafeInteger(expiresAt) || expiresAt <= 0) {
    return null;
  }
  if (typeof parameters.keySignature !== 'string') return null;
  const cost = parameters.cost;
  if (typeof cost !== 'number' || !Number.isSafeInteger(cost) || cost < 1) return null;
  if (!Number.isSafeInteger(solution.counter) || typeof solution.derivedKey !== 'string') {
    return null;
  }
  return {
    challenge: {
      parameters: parameters as unknown as Challenge['parameters'],
      signature: challenge.signature,
    },
    solution: { counter: solution.counter as number, derivedKey: solution.derivedKey },
  };
}

/**
 * Checks the widget's field: signature (the challenge is ours and unchanged), expiry and solution.
 * Never throws: anything malformed is 'invalid'. Whether it was used before is the database's
 * question (create_booking_with_challenge).
 */
export async function checkSolution(
  payload: string | null,
  secret: string,
): Promise<ChallengeCheck> {
  if (payload === null || payload === '') return { ok: false, reason: 'missing' };
  const decoded = decodePayload(payload);
  if (!decoded) return { ok: false, reason: 'invalid' };
  try {
    const result = await altcha.verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: secret,
      hmacKeySignatureSecret: keySignatureSecret(secret),
    });
    if (result.verified) {
      return {
        ok: true,
        signature: decoded.challenge.signature!,
        expiresAt: new Date(decoded.challenge.parameters.expiresAt! * 1000),
        // covered by the verified signature, so the client cannot have lowered it
        cost: decoded.challenge.parameters.cost,
      };
    }
    return { ok: false, reason: result.expired ? 'expired' : 'invalid' };
  } catch {
    return { ok: false, reason: 'invalid' };
  }
}
