// Issuing a session's tokens (GoTrue's issueRefreshToken and GenerateAccessToken): the access
// token's claims, passed through the custom access token hook when one is configured, and the
// answer auth-js stores as its session.
import type { Queryable } from '../../db/database.ts';
import type { AuthRequest, GoTrueContext } from './context.ts';
import { runAccessTokenHook } from './hook.ts';
import { sessionMethods, toMs, type UserRow } from './store.ts';
import { accessTokenClaims, signAccessToken, userJson } from './tokens.ts';

/** What a hook may see as authentication_method: 'otp' at sign-in, 'token_refresh' after. */
export type AuthenticationMethod = 'otp' | 'token_refresh';

export async function sessionAnswer(
  ctx: GoTrueContext,
  tx: Queryable,
  req: AuthRequest,
  user: UserRow,
  sessionId: string,
  refreshToken: string,
  method: AuthenticationMethod,
) {
  const now = ctx.now();
  const amr = (await sessionMethods(tx, sessionId)).map((m) => ({
    method: m.method,
    timestamp: Math.floor(toMs(m.at) / 1000),
  }));
  const claims = accessTokenClaims(
    user,
    { id: sessionId },
    amr,
    ctx.issuer(),
    ctx.settings.jwtExpiry,
    now,
  );
  const final = ctx.settings.accessTokenHook
    ? await runAccessTokenHook(tx, ctx.settings.accessTokenHook, {
        userId: user.id,
        claims,
        method,
        ip: req.ip,
        now,
      })
    : claims;
  return {
    access_token: await signAccessToken(final, ctx.jwtSecret),
    token_type: 'bearer',
    expires_in: ctx.settings.jwtExpiry,
    expires_at: claims.exp,
    refresh_token: refreshToken,
    user: await userJson(tx, user),
  };
}
