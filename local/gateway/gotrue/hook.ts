// The custom access token hook (GoTrue's internal/hooks: hookspgfunc and v0hooks): a Postgres
// function called as supabase_auth_admin, inside the transaction that issues the token, with a
// 2-second statement timeout, given {metadata, user_id, claims, authentication_method}. It answers
// {claims} (they become the token's, once they pass GoTrue's minimum schema) or
// {error: {http_code, message}}, which refuses the sign-in or the refresh with that status.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';
import { AuthError, internal } from './errors.ts';
import type { AccessTokenClaims } from './tokens.ts';

const REQUIRED = [
  'aud',
  'exp',
  'iat',
  'sub',
  'email',
  'phone',
  'role',
  'aal',
  'session_id',
  'is_anonymous',
];

const TYPES: Record<string, (v: unknown) => boolean> = {
  aud: (v) => typeof v === 'string' || Array.isArray(v),
  exp: Number.isInteger,
  iat: Number.isInteger,
  nbf: Number.isInteger,
  iss: (v) => typeof v === 'string',
  jti: (v) => typeof v === 'string',
  sub: (v) => typeof v === 'string',
  email: (v) => typeof v === 'string',
  phone: (v) => typeof v === 'string',
  role: (v) => typeof v === 'string',
  aal: (v) => typeof v === 'string',
  session_id: (v) => typeof v === 'string',
  client_id: (v) => typeof v === 'string',
  app_metadata: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  user_metadata: (v) => typeof v === 'object' && v !== null && !Array.isArray(v),
  amr: (v) => Array.isArray(v) && v.every((x) => typeof x === 'string' || typeof x === 'object'),
};

/** GoTrue's MinimumViableTokenSchema: a hook may add claims, not drop or mistype these. */
function schemaProblems(claims: Record<string, unknown>): string[] {
  const problems: string[] = [];
  for (const key of REQUIRED) if (!(key in claims)) problems.push(`- (root): ${key} is required`);
  for (const [key, ok] of Object.entries(TYPES))
    if (key in claims && !ok(claims[key])) problems.push(`- ${key}: Invalid type.`);
  return problems;
}

export async function runAccessTokenHook(
  tx: Queryable,
  functionName: string,
  input: {
    userId: string;
    claims: AccessTokenClaims;
    method: string;
    ip: string;
    now: number;
  },
): Promise<Record<string, unknown>> {
  const payload = {
    metadata: {
      uuid: randomUUID(),
      time: new Date(input.now).toISOString(),
      name: 'customize-access-token',
      ip_address: input.ip,
    },
    user_id: input.userId,
    claims: input.claims,
    authentication_method: input.method,
  };
  let output: unknown;
  try {
    await tx.query(`set local role supabase_auth_admin`);
    await tx.query(`set local statement_timeout = '2000'`);
    const rows = (
      await tx.query<{ out: unknown }>(`select ${functionName}($1::jsonb) as out`, [
        JSON.stringify(payload),
      ])
    ).rows;
    await tx.query(`set local statement_timeout to default`);
    output = rows[0]?.out;
  } catch (error) {
    // an error in the function is GoTrue's unhandled error: 500, the cause only in its log
    throw Object.assign(new Error(`access token hook ${functionName}: ${String(error)}`), {
      hook: true,
    });
  }
  const parsed = (typeof output === 'string' ? JSON.parse(output) : output) as {
    claims?: unknown;
    error?: { http_code?: number; message?: string };
  } | null;
  if (parsed?.error && typeof parsed.error === 'object' && parsed.error.message) {
    throw new AuthError(parsed.error.http_code || 500, '', parsed.error.message);
  }
  if (!parsed || !('claims' in parsed)) throw internal('output claims field is missing');
  const claims = parsed.claims;
  if (typeof claims !== 'object' || claims === null || Array.isArray(claims))
    throw internal('Error unmarshaling JSON output.');
  const problems = schemaProblems(claims as Record<string, unknown>);
  if (problems.length > 0)
    throw internal(
      `output claims do not conform to the expected schema: \n${problems.join('\n')}\n`,
    );
  return claims as Record<string, unknown>;
}
