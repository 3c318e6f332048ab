// GET /functions/v1/booking-challenge
// -> 200 {parameters, signature}: a signed ALTCHA challenge (PBKDF2/SHA-256, deterministic mode)
//    that expires after 10 minutes, as the widget in the booking form fetches it
// -> 503 {error: '<Danish>'} when ALTCHA_HMAC_KEY is not set, 405 other methods
// The difficulty is the database's booking_challenge_cost(): the setting booking_challenge_cost,
// times more while many bookings arrive (read with the service role: anon cannot call it); the
// cost is signed into the challenge, so the client cannot pick a cheaper one. No cookie, no state: the challenge carries its own signature and expiry; create-booking
// verifies the solution and the database marks it used with the booking.
import { challengeCost, challengeSecret, newChallenge } from '../_shared/challenge.ts';
import { corsHeaders } from '../_shared/cors.ts';
import { describeError, MESSAGES } from '../_shared/errors.ts';
import { adminClient } from '../_shared/supabase.ts';

const headers: Record<string, string> = {
  ...corsHeaders,
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Cache-Control': 'no-store',
  'Content-Type': 'application/json; charset=utf-8',
};

function answer(status: number, body: unknown, extra: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { ...headers, ...extra } });
}

/** The cost for now; the default when it cannot be read (the form must keep working). */
async function readCost(): Promise<number> {
  try {
    const { data, error } = await adminClient().rpc('booking_challenge_cost', {});
    if (error) console.error(`booking-challenge: booking_challenge_cost: ${describeError(error)}`);
    return challengeCost(data === null || data === undefined ? undefined : String(data));
  } catch (cause) {
    console.error(`booking-challenge: booking_challenge_cost: ${describeError(cause)}`);
    return challengeCost(undefined);
  }
}

export async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers });
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    return answer(405, { error: MESSAGES.methodNotAllowed }, { Allow: 'GET, OPTIONS' });
  }
  const secret = challengeSecret();
  if (!secret) {
    console.error('booking-challenge: ALTCHA_HMAC_KEY is not set (or under 32 characters)');
    return answer(503, { error: MESSAGES.challengeUnavailable });
  }
  try {
    return answer(200, await newChallenge(secret, await readCost()));
  } catch (cause) {
    console.error(`booking-challenge: ${describeError(cause)}`);
    return answer(503, { error: MESSAGES.challengeUnavailable });
  }
}

if (import.meta.main) {
  Deno.serve(handler);
}
