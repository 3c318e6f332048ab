// The project's API keys as Supabase gives them to a function, and the check of a caller's key.
//
// The new keys are not JWTs, so the platform's verify_jwt cannot check them: a function that only
// its own backend may call (process-email-outbox, live-check) has verify_jwt = false and checks the
// `apikey` header itself, against the project's secret keys (Supabase's migration guide).
// - SUPABASE_SECRET_KEYS / SUPABASE_PUBLISHABLE_KEYS: JSON objects of named keys, as the platform
//   and the CLI provide them: {"default": "sb_secret_…", "<another name>": "sb_secret_…"}.
// - SUPABASE_SECRET_KEY: one key (a self-hosted stack exports it; @supabase/server reads it too).
// - SUPABASE_SERVICE_ROLE_KEY: the legacy service_role JWT, "deprecated by the end of 2026", used
//   and accepted only while the legacy keys are on. A project that turns them off in the dashboard
//   sets LEGACY_API_KEYS=off: the platform may keep injecting the old value, so its presence says
//   nothing.
import { bearer, timingSafeEqual } from './bearer.ts';

/** Reads one environment variable (a function passes `(name) => Deno.env.get(name)`). */
export type Env = (name: string) => string | undefined;

/** An environment variable holding named keys as JSON; {} when unset, an error when malformed. */
export function namedKeys(variable: string, env: Env): Record<string, string> {
  const raw = env(variable);
  if (raw === undefined || raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error(`${variable} is not JSON ({"default": "sb_…"})`);
  }
  if (
    typeof parsed !== 'object' ||
    parsed === null ||
    Array.isArray(parsed) ||
    !Object.values(parsed).every((v) => typeof v === 'string')
  ) {
    throw new Error(`${variable} must be a JSON object of named keys ({"default": "sb_…"})`);
  }
  return parsed as Record<string, string>;
}

/** Whether the legacy JWT keys still work: until LEGACY_API_KEYS=off. */
export function legacyKeysOn(env: Env): boolean {
  return (env('LEGACY_API_KEYS') ?? '').trim().toLowerCase() !== 'off';
}

/** Every secret key of the project (a malformed SUPABASE_SECRET_KEYS counts as none). */
export function secretKeys(env: Env): string[] {
  let named: Record<string, string> = {};
  try {
    named = namedKeys('SUPABASE_SECRET_KEYS', env);
  } catch (error) {
    console.error(`api keys: ${(error as Error).message}`);
  }
  const single = env('SUPABASE_SECRET_KEY');
  return [...Object.values(named), ...(single ? [single] : [])].filter((k) => k !== '');
}

/**
 * The key the functions' own database client uses: the secret key named SECRET_KEY_NAME (default
 * `default`) in SUPABASE_SECRET_KEYS, else SUPABASE_SECRET_KEY, else (only while the legacy keys are
 * on) SUPABASE_SERVICE_ROLE_KEY. A name that is not there is an error, never another key.
 */
export function adminKey(env: Env): string {
  const named = namedKeys('SUPABASE_SECRET_KEYS', env);
  const name = env('SECRET_KEY_NAME')?.trim() || 'default';
  if (name in named && named[name]) return named[name];
  if (env('SECRET_KEY_NAME')?.trim()) {
    throw new Error(`SUPABASE_SECRET_KEYS has no key named ${name} (SECRET_KEY_NAME)`);
  }
  const single = env('SUPABASE_SECRET_KEY');
  if (single) return single;
  const legacy = env('SUPABASE_SERVICE_ROLE_KEY');
  if (legacy && legacyKeysOn(env)) return legacy;
  throw new Error(
    legacy
      ? 'no secret key: SUPABASE_SECRET_KEYS is not set and the legacy keys are off (LEGACY_API_KEYS)'
      : 'no secret key: SUPABASE_SECRET_KEYS (or SUPABASE_SERVICE_ROLE_KEY) must be set',
  );
}

/** True when value equals one of keys; every key is compared, so the time does not tell which. */
export function matchesAny(value: string, keys: readonly string[]): boolean {
  let found = false;
  for (const key of keys) found = timingSafeEqual(value, key) || found;
  return found;
}

/**
 * True when the caller holds a secret key of the project: in `apikey` (where the new keys travel),
 * or, while the legacy keys are on, the legacy service_role key in `apikey` or as bearer token (as
 * callers sent it before). A publishable key is refused: it is public.
 */
export function callerHasSecretKey(req: Request, env: Env): boolean {
  const apikey = req.headers.get('apikey') ?? '';
  if (matchesAny(apikey, secretKeys(env))) return true;
  const legacy = env('SUPABASE_SERVICE_ROLE_KEY');
  if (!legacy || !legacyKeysOn(env)) return false;
  return matchesAny(apikey, [legacy]) || matchesAny(bearer(req), [legacy]);
}
