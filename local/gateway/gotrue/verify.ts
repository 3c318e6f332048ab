// POST /auth/v1/verify (GoTrue's verifyPost): an e-mail code (type email or magiclink) or the
// hash of one (token_hash). The hash of e-mail + code is compared in constant time with the stored
// one while it is younger than otp_expiry; a verified code is used up, the address confirmed, and
// a new session issued.
import { timingSafeEqual } from 'node:crypto';
import type { AuthRequest, GoTrueContext, HandlerResult } from './context.ts';
import { badRequest, forbidden, unprocessable } from './errors.ts';
import { tokenHash } from './otp.ts';
import { jsonBody, str, validateEmail } from './request.ts';
import { sessionAnswer } from './session.ts';
import {
  createSession,
  findUserByEmail,
  findUserById,
  findUserByRecoveryToken,
  toMs,
  useRecoveryToken,
  type UserRow,
} from './store.ts';
import { isBanned, newRefreshToken } from './tokens.ts';

/** The types a mailed sign-in code answers to (recovery_token: magiclink, email, recovery). */
const CODE_TYPES = new Set(['email', 'magiclink', 'recovery']);
const EMAIL_TYPES = new Set(['email', 'magiclink', 'recovery', 'signup', 'invite', 'email_change']);

function sameHash(a: string, b: string | null): boolean {
  if (!b) return false;
  const x = Buffer.from(a);
  const y = Buffer.from(b.startsWith('pkce_') ? b.slice(5) : b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function expired(ctx: GoTrueContext, user: UserRow): boolean {
  return (
    user.recovery_sent_at === null ||
    ctx.now() > toMs(user.recovery_sent_at) + ctx.settings.otpExpiry * 1000
  );
}

export async function verify(ctx: GoTrueContext, req: AuthRequest): Promise<HandlerResult> {
  ctx.limiters.verify.check(req.ip);
  const params = jsonBody(req.body);
  const type = str(params.type);
  const token = str(params.token);
  const hashParam = str(params.token_hash);
  const email = str(params.email);
  const phone = str(params.phone);
  if (!type) throw badRequest('validation_failed', 'Verify requires a verification type');
  if ((!token && !hashParam) || (token && hashParam))
    throw badRequest('validation_failed', 'Verify requires either a token or a token hash');
  let address = '';
  if (token) {
    if (phone && !email) throw forbidden('otp_expired', 'Token has expired or is invalid');
    if (!email || phone)
      throw badRequest(
        'validation_failed',
        'Only an email address or phone number should be provided on verify',
      );
    try {
      address = validateEmail(email);
    } catch {
      throw unprocessable('validation_failed', 'Invalid email format');
    }
  } else if (email || phone || str(params.redirect_to)) {
    throw badRequest('validation_failed', 'Only the token_hash and type should be provided');
  } else if (!EMAIL_TYPES.has(type)) {
    throw badRequest('validation_failed', 'Invalid email verification type');
  }

  const answer = await ctx.db.transaction(async (tx) => {
    let user: UserRow | null;
    if (hashParam) {
      const invalid = () => forbidden('otp_expired', 'Email link is invalid or has expired');
      user = CODE_TYPES.has(type) ? await findUserByRecoveryToken(tx, hashParam) : null;
      if (!user) throw invalid();
      if (isBanned(user, ctx.now())) throw forbidden('user_banned', 'User is banned');
      if (expired(ctx, user)) throw invalid();
    } else {
      const invalid = () => forbidden('otp_expired', 'Token has expired or is invalid');
      user = await findUserByEmail(tx, address, 'authenticated');
      if (!user) throw invalid();
      if (isBanned(user, ctx.now())) throw forbidden('user_banned', 'User is banned');
      const valid =
        CODE_TYPES.has(type) &&
        !expired(ctx, user) &&
        sameHash(tokenHash(address, token), user.recovery_token);
      if (!valid) throw invalid();
    }
    const now = ctx.now();
    await useRecoveryToken(tx, user, now);
    const refreshToken = newRefreshToken();
    const session = await createSession(
      tx,
      user,
      'otp',
      refreshToken,
      { ip: req.ip, userAgent: str(req.headers['user-agent']) || null },
      now,
    );
    const fresh = (await findUserById(tx, user.id))!;
    return sessionAnswer(ctx, tx, req, fresh, session.id, refreshToken, 'otp');
  });
  return { status: 200, body: answer };
}
