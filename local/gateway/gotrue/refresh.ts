// POST /auth/v1/token?grant_type=refresh_token (GoTrue's RefreshTokenGrant): every use rotates
// the token. The token just replaced may be used again (the client may not have stored the new
// one: it gets the current one back), and any revoked token within refresh_token_reuse_interval
// seconds of its revocation; later, reuse is taken as theft: every token of the session is revoked
// and the answer is 400 refresh_token_already_used.
import type { AuthRequest, GoTrueContext, HandlerResult } from './context.ts';
import { badRequest, type AuthError } from './errors.ts';
import { jsonBody, str } from './request.ts';
import { sessionAnswer } from './session.ts';
import {
  activeRefreshToken,
  findRefreshToken,
  findSession,
  findUserById,
  insertRefreshToken,
  revokeRefreshToken,
  revokeSessionTokens,
  toMs,
  touchSession,
} from './store.ts';
import { isBanned, newRefreshToken, REFRESH_TOKEN_SHAPE } from './tokens.ts';

const notFound = () =>
  badRequest('refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found');

export async function refreshTokenGrant(
  ctx: GoTrueContext,
  req: AuthRequest,
): Promise<HandlerResult> {
  const grantType = req.query.get('grant_type') ?? '';
  if (grantType !== 'refresh_token')
    throw badRequest('invalid_credentials', 'unsupported_grant_type');
  ctx.limiters.token.check(req.ip);
  const token = str(jsonBody(req.body).refresh_token);
  if (!REFRESH_TOKEN_SHAPE.test(token))
    throw badRequest('validation_failed', 'Refresh token is not valid');

  const found = await findRefreshToken(ctx.db, token, false);
  if (!found) throw notFound();
  const owner = await findUserById(ctx.db, found.user_id);
  if (!owner) throw notFound();
  if (isBanned(owner, ctx.now()))
    throw badRequest('user_banned', 'Invalid Refresh Token: User Banned');
  if (!found.session_id || !(await findSession(ctx.db, found.session_id)))
    throw badRequest('session_not_found', 'Invalid Refresh Token: No Valid Session Found');

  // a refusal that must keep what the transaction did (the revoked session) is thrown after it
  const outcome: { refusal?: AuthError } = {};
  const answer = await ctx.db.transaction(async (tx) => {
    const row = await findRefreshToken(tx, token, true);
    if (!row || !row.session_id) throw notFound();
    const user = await findUserById(tx, row.user_id);
    if (!user) throw notFound();
    const now = ctx.now();
    let issued = '';
    if (row.revoked) {
      const active = await activeRefreshToken(tx, row.session_id);
      if (active && active.parent === row.token) {
        issued = active.token;
      } else if (now > toMs(row.updated_at) + ctx.settings.refreshTokenReuseInterval * 1000) {
        if (ctx.settings.refreshTokenRotation) await revokeSessionTokens(tx, row.session_id, now);
        outcome.refusal = badRequest(
          'refresh_token_already_used',
          'Invalid Refresh Token: Already Used',
        );
        return null;
      }
    }
    if (!issued) {
      issued = newRefreshToken();
      await revokeRefreshToken(tx, row.id, now);
      await insertRefreshToken(tx, user.id, row.session_id, issued, row.token, now);
    }
    await touchSession(tx, row.session_id, now);
    return sessionAnswer(ctx, tx, req, user, row.session_id, issued, 'token_refresh');
  });
  if (outcome.refusal) throw outcome.refusal;
  return { status: 200, body: answer };
}
