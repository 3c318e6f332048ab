// POST /auth/v1/otp with an e-mail address (GoTrue's Otp and MagicLink handlers): a code of
// otp_length digits to a user who exists and is confirmed, at most one per max_frequency per
// address and email_sent per hour for the project; its hash is kept, the code only mailed.
import { createHash } from 'node:crypto';
import type { AuthRequest, GoTrueContext, HandlerResult } from './context.ts';
import { AuthError, badRequest, internal, tooManyRequests, unprocessable } from './errors.ts';
import { MailFailed, sendCodeEmail } from './mail.ts';
import { jsonBody, str, validateEmail } from './request.ts';
import { findUserByEmail, setRecoveryToken, toMs } from './store.ts';
import { newOtp } from './tokens.ts';

/** GoTrue's crypto.GenerateTokenHash: what is stored and compared, never the code itself. */
export function tokenHash(emailOrPhone: string, otp: string): string {
  return createHash('sha224')
    .update(emailOrPhone + otp)
    .digest('hex');
}

/** GoTrue's own default template, for a config.toml without [auth.email.template.magic_link]. */
const DEFAULT_TEMPLATE = {
  subject: 'Your Magic Link',
  html: '<h2>Magic Link</h2>\n\n<p>Follow this link to login:</p>\n<p><a href="{{ .ConfirmationURL }}">Log In</a></p>\n<p>Alternatively, enter the code: {{ .Token }}</p>',
};

export async function otp(ctx: GoTrueContext, req: AuthRequest): Promise<HandlerResult> {
  ctx.limiters.otp.check(req.ip);
  const params = jsonBody(req.body);
  const email = str(params.email);
  const phone = str(params.phone);
  const createUser = params.create_user === undefined ? true : params.create_user === true;
  if (email && phone)
    throw badRequest(
      'validation_failed',
      'Only an email address or phone number should be provided',
    );
  if (email && str(params.channel))
    throw badRequest('validation_failed', 'Channel should only be specified with Phone OTP');
  if (phone && !email) {
    if (!ctx.settings.phoneProvider)
      throw badRequest('phone_provider_disabled', 'Unsupported phone provider');
    throw badRequest('validation_failed', 'Phone sign-in is not served by the embedded Auth');
  }
  if (!email) throw badRequest('validation_failed', 'One of email or phone must be set');

  const address = validateEmail(email);
  const aud = 'authenticated';
  const known = await findUserByEmail(ctx.db, address, aud);
  if (!createUser && !known) throw unprocessable('otp_disabled', 'Signups not allowed for otp');
  if (!ctx.settings.emailProvider)
    throw unprocessable('email_provider_disabled', 'Email logins are disabled');
  if (!known || known.email_confirmed_at === null) {
    // GoTrue signs the address up first; with sign-ups off that is its refusal
    if (!ctx.settings.signupsEnabled)
      throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
    throw new AuthError(422, 'signup_disabled', 'Sign-ups are not served by the embedded Auth');
  }

  await ctx.db.transaction(async (tx) => {
    const user = (await findUserByEmail(tx, address, aud))!;
    const now = ctx.now();
    if (user.recovery_sent_at !== null) {
      const until = toMs(user.recovery_sent_at) + ctx.settings.maxFrequency * 1000;
      if (until > now)
        throw tooManyRequests(
          'over_email_send_rate_limit',
          `For security purposes, you can only request this after ${Math.floor((until - now) / 1000)} seconds.`,
        );
    }
    if (!ctx.settings.mailerAutoconfirm && !ctx.limiters.email.allow())
      throw tooManyRequests('over_email_send_rate_limit', 'email rate limit exceeded');
    const code = newOtp(ctx.settings.otpLength);
    const hash = tokenHash(user.email.toLowerCase(), code);
    try {
      if (!ctx.email) throw new MailFailed('no e-mail API is configured for Auth (RESEND_API_URL)');
      await sendCodeEmail(
        ctx.email,
        ctx.settings.magicLinkTemplate ?? DEFAULT_TEMPLATE,
        user.email,
        {
          token: code,
          tokenHash: hash,
          email: user.email,
          siteUrl: ctx.settings.siteUrl,
          redirectTo: str(params.redirect_to) || ctx.settings.siteUrl,
        },
      );
    } catch (error) {
      if (!(error instanceof MailFailed)) throw error;
      ctx.log(`auth: the sign-in code to ${user.email} was not sent: ${error.message}`);
      throw internal('Error sending magic link email');
    }
    await setRecoveryToken(tx, user, hash, now);
  });
  return { status: 200, body: {} };
}
