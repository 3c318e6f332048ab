// POST /functions/v1/live-check {names: ["RESEND_API_KEY", ...]}   (for npm run check:live)
// Answers which of the named function secrets are set in this project, never their values, plus
// the three settings that are not secret (they appear in every e-mail) so the check can tell a
// placeholder from a real address, plus which client-address headers reached this function on
// this very request and what CLIENT_IP_HEADER / CLIENT_IP_TRUSTED_HOPS take from them:
// 200 {set: {NAME: boolean}, emailFrom, ownerEmail, siteUrl, clientAddress}.
// clientAddress repeats the addresses in those headers: the caller's own address and those of the
// proxies in between, told to the one caller who holds the secret key (no one else gets an answer);
// the check needs them to see which header holds what it sent itself and which the platform wrote.
// Only a secret key of the project may call it (apikey header; the legacy service_role key only
// while the legacy keys are on): 401 otherwise, the publishable key included.
import { error, json } from '../_shared/errors.ts';
import { preflight } from '../_shared/cors.ts';
import { callerHasSecretKey } from '../_shared/api-keys.ts';
import { clientAddressConfig, describeClientAddress } from '../_shared/client-address.ts';

const NAME = /^[A-Z][A-Z0-9_]{0,63}$/;
const MAX_NAMES = 100;

function value(name: string): string | null {
  const v = Deno.env.get(name);
  return v === undefined || v === '' ? null : v;
}

export async function handler(req: Request): Promise<Response> {
  if (req.method === 'OPTIONS') return preflight();
  if (req.method !== 'POST') return error(405, 'Metoden er ikke tilladt.', { Allow: 'POST' });
  if (!callerHasSecretKey(req, (name) => Deno.env.get(name))) return error(401, 'Ikke tilladt.');
  let body: unknown;
  try {
    body = await req.json();
  } catch {
    return error(400, 'Forespørgslen skal være JSON.');
  }
  const names = (body as { names?: unknown } | null)?.names;
  if (
    !Array.isArray(names) ||
    names.length > MAX_NAMES ||
    !names.every((n): n is string => typeof n === 'string' && NAME.test(n))
  ) {
    return error(400, 'names skal være en liste af navne med store bogstaver, tal og _.');
  }
  const set: Record<string, boolean> = {};
  for (const name of names) set[name] = value(name) !== null;
  return json(200, {
    set,
    emailFrom: value('EMAIL_FROM'),
    ownerEmail: value('OWNER_EMAIL'),
    siteUrl: value('SITE_URL'),
    clientAddress: describeClientAddress(
      req.headers,
      clientAddressConfig((name) => Deno.env.get(name)),
    ),
  });
}

if (import.meta.main) {
  Deno.serve(handler);
}
