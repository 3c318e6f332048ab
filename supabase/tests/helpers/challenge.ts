// The booking form's proof of work in Node tests: fetch a challenge from booking-challenge and
// solve it with altcha-lib's solver (as the widget's workers do), or sign a challenge of our own
// with the embedded stack's key (an expired one, say). The payload is what the ALTCHA widget puts
// in its form field: base64 of JSON {challenge, solution}.
import altcha, { type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { LOCAL_ALTCHA_HMAC_KEY } from '../../../local/keys.ts';

/** The widget's field value for a challenge and its solution. */
export function altchaPayload(challenge: Challenge, solution: Solution): string {
  return Buffer.from(JSON.stringify({ challenge, solution }), 'utf8').toString('base64');
}

/** GET /functions/v1/booking-challenge on a gateway. */
export async function fetchChallenge(url: string): Promise<Challenge> {
  const res = await fetch(`${url}/functions/v1/booking-challenge`);
  if (res.status !== 200) throw new Error(`booking-challenge answered ${res.status}`);
  return (await res.json()) as Challenge;
}

/** Solves a challenge in this process (one thread). */
export async function solve(challenge: Challenge): Promise<Solution> {
  const solution = await altcha.solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return solution;
}

/** A fresh challenge from the gateway, solved: the `altcha` field of one create-booking body. */
export async function solvedAltcha(url: string): Promise<string> {
  const challenge = await fetchChallenge(url);
  return altchaPayload(challenge, await solve(challenge));
}

/**
 * A challenge signed with the embedded stack's key as booking-challenge makes them, with the
 * given expiry (seconds since the epoch) and cost; for tests of what the function cannot be asked
 * for (an expired challenge).
 */
export function signedChallenge(expiresAt: number, cost = 1): Promise<Challenge> {
  return altcha.createChallenge({
    algorithm: 'PBKDF2/SHA-256',
    cost,
    counter: altcha.randomInt(300, 100),
    deriveKey,
    expiresAt,
    hmacSignatureSecret: LOCAL_ALTCHA_HMAC_KEY,
    hmacKeySignatureSecret: `${LOCAL_ALTCHA_HMAC_KEY}:derived-key`,
  });
}

/** Sets booking_challenge_cost (tests lower it so that solving takes milliseconds). */
export async function setChallengeCost(
  query: (sql: string, params?: unknown[]) => Promise<unknown>,
  cost: number,
): Promise<void> {
  await query(
    `insert into public.settings (key, value) values ('booking_challenge_cost', $1)
     on conflict (key) do update set value = excluded.value`,
    [String(cost)],
  );
}
