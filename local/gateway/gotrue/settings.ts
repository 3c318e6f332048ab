// The Auth settings the embedded GoTrue takes from supabase/config.toml, with the names and the
// defaults of the Supabase CLI's [auth] sections and, where the file says nothing, GoTrue's own
// defaults (github:supabase/auth, internal/conf/configuration.go).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readToml, type TomlValue } from '../../config.ts';
import { ROOT } from '../../db/migrate.ts';

export interface RateLimits {
  /** E-mails the whole project may send per hour ([auth.rate_limit] email_sent). */
  emailSent: number;
  /** Sign-in/sign-up requests per 5 minutes per IP address (sign_in_sign_ups). */
  signInSignUps: number;
  /** /verify requests per 5 minutes per IP address (token_verifications). */
  tokenVerifications: number;
  /** Token refreshes per 5 minutes per IP address (token_refresh). */
  tokenRefresh: number;
}

export interface EmailTemplate {
  subject: string;
  /** The HTML with GoTrue's template fields ({{ .Token }}, {{ .Email }}, {{ .SiteURL }}). */
  html: string;
}

export interface AuthSettings {
  enabled: boolean;
  siteUrl: string;
  /** [auth] enable_signup: new users may sign up (GoTrue's disable_signup is its opposite). */
  signupsEnabled: boolean;
  /** [auth.email] enable_signup: the e-mail provider is on (GoTrue's external.email). */
  emailProvider: boolean;
  /** [auth.email] enable_confirmations off means GoTrue's mailer_autoconfirm. */
  mailerAutoconfirm: boolean;
  phoneProvider: boolean;
  /** Access token lifetime in seconds. */
  jwtExpiry: number;
  otpExpiry: number;
  otpLength: number;
  /** Seconds between two codes to one address. */
  maxFrequency: number;
  refreshTokenRotation: boolean;
  /** Seconds a rotated refresh token may still be used. */
  refreshTokenReuseInterval: number;
  rateLimits: RateLimits;
  /** [auth.hook.custom_access_token]: the Postgres function, quoted ("schema"."name"). */
  accessTokenHook: string | null;
  magicLinkTemplate: EmailTemplate | null;
}

function num(value: TomlValue | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** A Go duration as the CLI writes them ("60s", "1m", "1h"); a bare number is seconds. */
export function durationSeconds(value: TomlValue | undefined, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return fallback;
  let total = 0;
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(h|m|s|ms)/g)];
  if (parts.length === 0) return fallback;
  for (const [, n, unit] of parts) {
    const f = { h: 3600, m: 60, s: 1, ms: 0.001 }[unit as 'h' | 'm' | 's' | 'ms'];
    total += Number(n) * f;
  }
  return total;
}

/**
 * pg-functions://postgres/<schema>/<function> as the quoted name GoTrue calls; anything else is
 * refused at start (GoTrue refuses to start with a malformed hook URI as well).
 */
export function hookFunctionName(uri: string): string {
  const m = /^pg-functions:\/\/[^/]+\/([A-Za-z_][A-Za-z0-9_]*)\/([A-Za-z_][A-Za-z0-9_]*)$/.exec(
    uri,
  );
  if (!m)
    throw new Error(
      `[auth.hook.custom_access_token] uri must be pg-functions://postgres/<schema>/<function>, not "${uri}"`,
    );
  return `"${m[1]}"."${m[2]}"`;
}

function readTemplate(configFile: string, section: Record<string, TomlValue> | undefined) {
  if (!section) return null;
  const contentPath = section.content_path;
  if (typeof contentPath !== 'string') return null;
  // the CLI resolves content_path from the project folder, the one that holds supabase/; a copy
  // of config.toml elsewhere (a test's) still means this repository's templates
  const roots = [path.dirname(path.dirname(path.resolve(configFile))), ROOT];
  const file = roots.map((root) => path.resolve(root, contentPath)).find((f) => existsSync(f));
  if (!file) throw new Error(`Auth e-mail template not found: ${contentPath}`);
  return {
    subject: typeof section.subject === 'string' ? section.subject : 'Your Magic Link',
    html: readFileSync(file, 'utf8'),
  };
}

export function readAuthSettings(configFile: string): AuthSettings {
  const toml = readToml(configFile);
  const auth = toml.auth ?? {};
  const email = toml['auth.email'] ?? {};
  const sms = toml['auth.sms'] ?? {};
  const limits = toml['auth.rate_limit'] ?? {};
  const hook = toml['auth.hook.custom_access_token'] ?? {};
  const enabled = auth.enabled !== false;
  return {
    enabled,
    siteUrl: typeof auth.site_url === 'string' ? auth.site_url : 'http://127.0.0.1:3000',
    signupsEnabled: enabled && auth.enable_signup !== false,
    emailProvider: enabled && email.enable_signup !== false,
    mailerAutoconfirm: email.enable_confirmations !== true,
    phoneProvider: enabled && sms.enable_signup === true,
    jwtExpiry: num(auth.jwt_expiry, 3600),
    // GoTrue's binary defaults to a day; the CLI and a new hosted project to an hour
    otpExpiry: num(email.otp_expiry, 3600),
    otpLength: Math.min(10, Math.max(6, num(email.otp_length, 6))),
    maxFrequency: durationSeconds(email.max_frequency, 60),
    refreshTokenRotation: auth.enable_refresh_token_rotation !== false,
    refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    rateLimits: {
      emailSent: num(limits.email_sent, 30),
      signInSignUps: num(limits.sign_in_sign_ups, 30),
      tokenVerifications: num(limits.token_verifications, 30),
      tokenRefresh: num(limits.token_refresh, 150),
    },
    accessTokenHook:
      hook.enabled === true && typeof hook.uri === 'string' ? hookFunctionName(hook.uri) : null,
    magicLinkTemplate: readTemplate(configFile, toml['auth.email.template.magic_link']),
  };
}

/** GET /auth/v1/settings: the public part, as GoTrue answers it. */
export function publicSettings(s: AuthSettings) {
  return {
    external: {
      anonymous_users: false,
      apple: false,
      azure: false,
      bitbucket: false,
      discord: false,
      email: s.emailProvider,
      facebook: false,
      github: false,
      gitlab: false,
      google: false,
      phone: s.phoneProvider,
      saml: false,
    },
    disable_signup: !s.signupsEnabled,
    mailer_autoconfirm: s.mailerAutoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    mfa_enabled: false,
    saml_enabled: false,
  };
}
