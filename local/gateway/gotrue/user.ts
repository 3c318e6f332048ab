// The endpoints of a signed-in user (GoTrue's requireAuthentication, UserGet, Logout): the bearer
// must be a valid access token of a user and a session that still exist.
import type { AuthRequest, GoTrueContext, HandlerResult } from './context.ts';
import { badRequest, forbidden } from './errors.ts';
import { bearerToken, UUID } from './request.ts';
import { findSession, findUserById, logout, type SessionRow, type UserRow } from './store.ts';
import { isBanned, parseBearerJwt, userJson } from './tokens.ts';
import type { JwtClaims } from '../../keys.ts';

interface Authenticated {
  claims: JwtClaims;
  user: UserRow;
  session: SessionRow | null;
}

export async function requireAuthentication(
  ctx: GoTrueContext,
  req: AuthRequest,
): Promise<Authenticated> {
  const claims = await parseBearerJwt(bearerToken(req.authorization), ctx.jwtSecret, ctx.now());
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  if (!sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim');
  if (!UUID.test(sub)) throw badRequest('bad_jwt', 'invalid claim: sub claim must be a UUID');
  const user = await findUserById(ctx.db, sub);
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist');
  let session: SessionRow | null = null;
  const sid = typeof claims.session_id === 'string' ? claims.session_id : '';
  if (sid && sid !== '00000000-0000-0000-0000-000000000000') {
    if (!UUID.test(sid))
      throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID');
    session = await findSession(ctx.db, sid);
    if (!session)
      throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist');
  }
  if (isBanned(user, ctx.now())) throw forbidden('user_banned', 'User is banned');
  return { claims, user, session };
}

export async function getUser(ctx: GoTrueContext, req: AuthRequest): Promise<HandlerResult> {
  const { claims, user } = await requireAuthentication(ctx, req);
  const aud = Array.isArray(claims.aud) ? claims.aud[0] : claims.aud;
  if (aud !== 'authenticated')
    throw badRequest('validation_failed', "Token audience doesn't match request audience");
  return { status: 200, body: await userJson(ctx.db, user) };
}

export async function logoutUser(ctx: GoTrueContext, req: AuthRequest): Promise<HandlerResult> {
  const { user, session } = await requireAuthentication(ctx, req);
  const scope = req.query.get('scope') ?? '';
  if (!['', 'global', 'local', 'others'].includes(scope))
    throw badRequest('validation_failed', `Unsupported logout scope "${scope}"`);
  await logout(
    ctx.db,
    (scope || 'global') as 'global' | 'local' | 'others',
    user.id,
    session?.id ?? null,
  );
  return { status: 204 };
}
