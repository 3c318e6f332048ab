// The embedded stack's Supabase Auth (GoTrue): the endpoints @supabase/auth-js uses for an e-mail
// one-time-code sign-in, and the admin API's user endpoints, answering as GoTrue does
// (github:supabase/auth, internal/api). Behind the gateway's API-key check (../server.ts).
import type { Database } from '../../db/database.ts';
import { adminCreateUser, adminDeleteUser, adminListUsers } from './admin.ts';
import type { AuthRequest, GoTrueContext, HandlerResult } from './context.ts';
import { AuthError, errorAnswer, type AuthAnswer } from './errors.ts';
import type { AuthEmailOptions } from './mail.ts';
import { otp } from './otp.ts';
import { createLimiters, type Clock } from './rate-limits.ts';
import { refreshTokenGrant } from './refresh.ts';
import { publicSettings, readAuthSettings } from './settings.ts';
import { getUser, logoutUser } from './user.ts';
import { verify } from './verify.ts';

export type { AuthRequest } from './context.ts';
export type { AuthEmailOptions } from './mail.ts';
export type { Clock } from './rate-limits.ts';

export interface GoTrueOptions {
  db: Database;
  configFile: string;
  jwtSecret: string;
  issuer(): string;
  email: AuthEmailOptions | null;
  now?: Clock;
  log?: (line: string) => void;
}

export interface GoTrue {
  handle(req: AuthRequest): Promise<AuthAnswer>;
}

type Route = (ctx: GoTrueContext, req: AuthRequest) => Promise<HandlerResult>;

const ROUTES: Record<string, Route> = {
  'POST /otp': otp,
  'POST /verify': verify,
  'POST /token': refreshTokenGrant,
  'POST /logout': logoutUser,
  'GET /user': getUser,
  'POST /admin/users': adminCreateUser,
  'GET /admin/users': adminListUsers,
};

export function createGoTrue(options: GoTrueOptions): GoTrue {
  const settings = readAuthSettings(options.configFile);
  const now = options.now ?? Date.now;
  const ctx: GoTrueContext = {
    db: options.db,
    settings,
    jwtSecret: options.jwtSecret,
    issuer: options.issuer,
    now,
    limiters: createLimiters(settings.rateLimits, now),
    email: options.email,
    log: options.log ?? (() => undefined),
  };
  async function route(req: AuthRequest): Promise<HandlerResult> {
    const path = req.path.replace(/\/+$/, '') || '/';
    if (req.method === 'GET' && path === '/settings')
      return { status: 200, body: publicSettings(settings) };
    if (!settings.enabled)
      throw new AuthError(
        404,
        'not_found',
        'Auth is off in supabase/config.toml ([auth] enabled = false)',
      );
    const handler = ROUTES[`${req.method} ${path}`];
    if (handler) return handler(ctx, req);
    const user = /^\/admin\/users\/([^/]+)$/.exec(path);
    if (user && req.method === 'DELETE')
      return adminDeleteUser(ctx, req, decodeURIComponent(user[1]!));
    throw new AuthError(404, 'not_found', 'Not Found');
  }
  return {
    async handle(req) {
      try {
        const result = await route(req);
        return { status: result.status, body: result.body, headers: result.headers ?? {} };
      } catch (error) {
        if (!(error instanceof AuthError) || error.status >= 500)
          ctx.log(`auth ${req.method} ${req.path}: ${(error as Error).stack ?? String(error)}`);
        return errorAnswer(error, headerValue(req.headers['x-supabase-api-version']));
      }
    },
  };
}

function headerValue(v: string | string[] | undefined): string | undefined {
  return Array.isArray(v) ? v[0] : v;
}
