// The admin API's user endpoints (GoTrue's admin.go): only a bearer whose role claim is one of
// GoTrue's admin roles (service_role, supabase_admin) — the secret key, which the gateway turns
// into a service_role JWT, or the legacy service_role key while the legacy keys are on.
import { randomUUID } from 'node:crypto';
import type { AuthRequest, GoTrueContext, HandlerResult } from './context.ts';
import { AuthError, badRequest, forbidden, unprocessable } from './errors.ts';
import { bearerToken, jsonBody, str, UUID, validateEmail } from './request.ts';
import { durationSeconds } from './settings.ts';
import { createUser, deleteUser, findUserByEmail, findUserById, listUsers } from './store.ts';
import { parseBearerJwt, userJson } from './tokens.ts';

const ADMIN_ROLES = ['service_role', 'supabase_admin'];

export async function requireAdmin(ctx: GoTrueContext, req: AuthRequest): Promise<void> {
  const claims = await parseBearerJwt(bearerToken(req.authorization), ctx.jwtSecret, ctx.now());
  if (!ADMIN_ROLES.includes(String(claims.role ?? '')))
    throw forbidden('not_admin', 'User not allowed');
}

function object(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export async function adminCreateUser(
  ctx: GoTrueContext,
  req: AuthRequest,
): Promise<HandlerResult> {
  await requireAdmin(ctx, req);
  const params = jsonBody(req.body);
  const aud = str(params.aud) || 'authenticated';
  if (!str(params.email) && !str(params.phone))
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  if (!str(params.email))
    throw badRequest(
      'validation_failed',
      'The embedded Auth makes users with an e-mail address only',
    );
  const email = validateEmail(str(params.email));
  if (await findUserByEmail(ctx.db, email, aud))
    throw unprocessable(
      'email_exists',
      'A user with this email address has already been registered',
    );
  let id: string = randomUUID();
  if (str(params.id)) {
    if (!UUID.test(str(params.id)))
      throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
    if (/^0{8}-0{4}-0{4}-0{4}-0{12}$/.test(str(params.id)))
      throw badRequest('validation_failed', 'ID cannot be a nil uuid');
    id = str(params.id).toLowerCase();
  }
  let bannedUntil: number | null = null;
  const ban = str(params.ban_duration);
  if (ban && ban !== 'none') {
    const seconds = durationSeconds(ban, Number.NaN);
    if (!Number.isFinite(seconds))
      throw badRequest(
        'validation_failed',
        `invalid format for ban duration: time: invalid duration "${ban}"`,
      );
    bannedUntil = ctx.now() + seconds * 1000;
  }
  await ctx.db.transaction((tx) =>
    createUser(
      tx,
      {
        id,
        email,
        aud,
        role: str(params.role) || 'authenticated',
        confirmed: params.email_confirm === true,
        appMetadata: { provider: 'email', providers: ['email'], ...object(params.app_metadata) },
        userMetadata: object(params.user_metadata) ?? {},
        bannedUntil,
      },
      ctx.now(),
    ),
  );
  return { status: 200, body: await userJson(ctx.db, (await findUserById(ctx.db, id))!) };
}

export async function adminListUsers(ctx: GoTrueContext, req: AuthRequest): Promise<HandlerResult> {
  await requireAdmin(ctx, req);
  const page = Number(req.query.get('page') || '1');
  const perPage = Number(req.query.get('per_page') || '50');
  if (!Number.isInteger(page) || page < 1 || !Number.isInteger(perPage) || perPage < 1)
    throw badRequest('validation_failed', 'Bad Pagination Parameters: invalid page or per_page');
  const { users, total } = await listUsers(ctx.db, 'authenticated', perPage, (page - 1) * perPage);
  const body = {
    users: await Promise.all(users.map((u) => userJson(ctx.db, u))),
    aud: 'authenticated',
  };
  return { status: 200, body, headers: { 'X-Total-Count': String(total) } };
}

export async function adminDeleteUser(
  ctx: GoTrueContext,
  req: AuthRequest,
  id: string,
): Promise<HandlerResult> {
  await requireAdmin(ctx, req);
  if (!UUID.test(id)) throw new AuthError(404, 'validation_failed', 'user_id must be an UUID');
  const user = await findUserById(ctx.db, id);
  if (!user) throw new AuthError(404, 'user_not_found', 'User not found');
  await deleteUser(ctx.db, user.id);
  return { status: 200, body: {} };
}
