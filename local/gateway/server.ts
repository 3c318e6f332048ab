// The Supabase-compatible gateway: /rest/v1 (PostgREST subset), /functions/v1 (Deno) and /auth/v1
// (GoTrue's e-mail code sign-in and admin users, ./gotrue/), with Supabase's CORS behaviour and its
// API keys: publishable and secret keys, and the legacy JWT keys until they are turned off
// (./auth.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BodyTooLarge, readBody } from '../net.ts';
import { functionVerifiesJwt } from '../config.ts';
import type { Database } from '../db/database.ts';
import { JWT_SECRET, verifyJwt } from '../keys.ts';
import {
  authAuthorization,
  functionAuthorization,
  identify,
  isLegacyKey,
  LEGACY_KEYS_DISABLED,
  type GatewayKeys,
} from './auth.ts';
import { isApiError, unsupported } from './errors.ts';
import { FunctionRunner, platformClientHeaders } from './functions.ts';
import { createGoTrue, type AuthEmailOptions, type Clock } from './gotrue/index.ts';
import { handleRest } from './rest.ts';

export interface GatewayOptions {
  db: Database;
  port: number;
  host?: string;
  functionsDir: string;
  configFile: string;
  denoBin: string;
  /** Dev: restart functions when their code changes and type-check them before they start. */
  watch?: boolean;
  jwtSecret?: string;
  /** See FunctionRunnerOptions.requestIdleTimeoutMs (default: the platform's 150 s). */
  functionIdleTimeoutMs?: number;
  /** Extra environment for the functions (e.g. SUPABASE_DB_URL, secrets). */
  functionEnv?: Record<string, string>;
  /** The legacy JWT keys. */
  anonKey: string;
  serviceRoleKey: string;
  /** The new keys, as the functions get them in SUPABASE_PUBLISHABLE_KEYS / SUPABASE_SECRET_KEYS. */
  publishableKey: string;
  secretKey: string;
  /** Whether the legacy JWT keys still work (default true); false refuses them like the platform. */
  legacyKeys?: boolean;
  /**
   * Where Auth mails its sign-in codes: a Resend-shaped e-mail API (the local mailbox). Unset or
   * null: sign-in answers as GoTrue does when its SMTP server fails (500).
   */
  authEmail?: AuthEmailOptions | null;
  /** Auth's clock in ms (tests move it: code expiry, rate-limit windows); default Date.now. */
  authNow?: Clock;
  log?: (line: string) => void;
}

export interface Gateway {
  url: string;
  port: number;
  functions: FunctionRunner;
  close(): Promise<void>;
}

const MAX_BODY = 1024 * 1024;

const CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit',
};

const AUTH_EXPOSED = 'X-Total-Count, Link, X-Supabase-Api-Version';

function preflight(req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200, {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': 'GET, HEAD, PUT, PATCH, POST, DELETE, OPTIONS',
    'Access-Control-Allow-Headers':
      req.headers['access-control-request-headers'] ??
      'authorization, x-client-info, apikey, content-type, accept-profile, content-profile, prefer, x-supabase-api-version',
    'Access-Control-Max-Age': '3600',
    'Content-Length': '0',
  });
  res.end();
}

function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...CORS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

/**
 * The caller's address as the platform's edge sees it (the TCP peer; what a client writes in
 * X-Forwarded-For does not count): the key of Auth's per-IP rate limits.
 */
function clientAddress(req: IncomingMessage): string {
  return platformClientHeaders(req)['cf-connecting-ip']!;
}

/** Most a refused body is read (and dropped) after the 413, so the client sees the answer. */
const DRAIN_LIMIT = 16 * 1024 * 1024;

/**
 * Answers 413 like Supabase's API gateway, then closes the connection without a reset: the rest of
 * the body is read and dropped (up to DRAIN_LIMIT bytes or 5 s) before the socket is ended, because
 * closing a socket with unread data makes the kernel send a reset, and the client would see a
 * connection error instead of the answer.
 */
function tooLarge(req: IncomingMessage, res: ServerResponse): void {
  const text = JSON.stringify({
    code: 'PGRST413',
    message: 'Payload too large',
    details: `The request body is larger than ${MAX_BODY} bytes`,
    hint: null,
  });
  res.shouldKeepAlive = false;
  res.writeHead(413, {
    ...CORS,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    Connection: 'close',
  });
  res.end(text);
  let drained = 0;
  const timer = setTimeout(() => req.socket.destroy(), 5000);
  timer.unref();
  req.on('data', (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > DRAIN_LIMIT) req.socket.destroy();
  });
  req.on('end', () => clearTimeout(timer));
  req.on('close', () => clearTimeout(timer));
  req.resume();
}

export function startGateway(options: GatewayOptions): Promise<Gateway> {
  const secret = options.jwtSecret ?? JWT_SECRET;
  const keys: GatewayKeys = {
    jwtSecret: secret,
    publishableKeys: [options.publishableKey],
    secretKeys: [options.secretKey],
    anonKey: options.anonKey,
    serviceRoleKey: options.serviceRoleKey,
    legacyKeys: options.legacyKeys ?? true,
  };
  const host = options.host ?? '127.0.0.1';
  let baseUrl = '';
  let runner: FunctionRunner | undefined;
  const log = options.log ?? (() => undefined);
  const gotrue = createGoTrue({
    db: options.db,
    configFile: options.configFile,
    jwtSecret: secret,
    issuer: () => `${baseUrl}/auth/v1`,
    email: options.authEmail ?? null,
    now: options.authNow,
    log,
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const pathname = url.pathname;
    const method = req.method ?? 'GET';

    if (pathname.startsWith('/rest/v1/')) {
      if (method === 'OPTIONS') return preflight(req, res);
      const identity = await identify(req.headers, url.searchParams, keys);
      if (isApiError(identity))
        return sendJson(res, identity.status, identity.body, identity.headers);
      const body = (await readBody(req, MAX_BODY)).toString('utf8');
      const result = await handleRest(options.db, {
        method,
        path: pathname.slice('/rest/v1'.length),
        searchParams: url.searchParams,
        headers: req.headers,
        body,
        identity,
      });
      res.writeHead(result.status, {
        ...CORS,
        ...result.headers,
        ...(result.body ? { 'Content-Length': String(Buffer.byteLength(result.body)) } : {}),
      });
      res.end(method === 'HEAD' ? undefined : result.body);
      return;
    }

    const fn = /^\/functions\/v1\/([^/]+)(\/.*)?$/.exec(pathname);
    if (fn) {
      const name = decodeURIComponent(fn[1]!);
      if (!runner!.exists(name)) {
        return sendJson(res, 404, {
          code: 'NOT_FOUND',
          message: 'Requested function was not found',
        });
      }
      // what the function receives as Authorization: a new key in apikey becomes its role's
      // short-lived JWT, so a verify_jwt function takes a publishable key as the anon role
      const authorization = await functionAuthorization(req.headers, keys);
      if (authorization === undefined) delete req.headers.authorization;
      else req.headers.authorization = authorization;
      if (method !== 'OPTIONS' && functionVerifiesJwt(options.configFile, name)) {
        const token = /^Bearer\s+(.+)$/i.exec(authorization?.trim() ?? '')?.[1];
        if (!token)
          return sendJson(res, 401, { code: 401, message: 'Missing authorization header' });
        if (!keys.legacyKeys && isLegacyKey(token, keys))
          return sendJson(res, 401, LEGACY_KEYS_DISABLED.body);
        if (!(await verifyJwt(token, secret)).ok)
          return sendJson(res, 401, { code: 401, message: 'Invalid JWT' });
      }
      const body = await readBody(req, MAX_BODY);
      await runner!.proxy(name, (fn[2] ?? '') + url.search, req, res, body);
      return;
    }

    if (pathname === '/' || pathname === '/health') {
      return sendJson(res, 200, {
        name: 'local supabase gateway',
        rest: `${baseUrl}/rest/v1`,
        functions: `${baseUrl}/functions/v1`,
      });
    }
    if (method === 'OPTIONS') return preflight(req, res);
    if (pathname.startsWith('/auth/v1/')) {
      const path = pathname.slice('/auth/v1'.length);
      // the public settings need no key (npm run check:live reads them); the rest sits behind
      // the gateway's key check, as on the platform
      let authorization: string | undefined;
      if (!(method === 'GET' && path === '/settings')) {
        const gate = await authAuthorization(
          req.headers,
          url.searchParams,
          keys,
          (options.authNow ?? Date.now)(),
        );
        if (isApiError(gate)) return sendJson(res, gate.status, gate.body, gate.headers);
        authorization = gate.authorization;
      }
      const answer = await gotrue.handle({
        method,
        path,
        query: url.searchParams,
        headers: req.headers,
        authorization,
        body: (await readBody(req, MAX_BODY)).toString('utf8'),
        ip: clientAddress(req),
      });
      // GoTrue's CORS exposes its API version (auth-js reads an error's shape by it) and paging
      const headers = { 'Access-Control-Expose-Headers': AUTH_EXPOSED, ...answer.headers };
      if (answer.status === 204) {
        res.writeHead(204, { ...CORS, ...headers });
        res.end();
        return;
      }
      return sendJson(res, answer.status, answer.body, headers);
    }
    if (pathname.startsWith('/storage/v1/') || pathname.startsWith('/realtime/v1/')) {
      const e = unsupported(
        `${pathname.split('/').slice(0, 3).join('/')} (only /rest/v1, /functions/v1 and /auth/v1 are served)`,
      );
      return sendJson(res, e.status, e.body);
    }
    return sendJson(res, 404, { message: 'no Route matched with those values' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (error instanceof BodyTooLarge && !res.headersSent) return tooLarge(req, res);
      const status = (error as { status?: number }).status ?? 500;
      log(`gateway error: ${(error as Error).stack ?? String(error)}`);
      if (!res.headersSent)
        sendJson(res, status, {
          code: 'PGRST000',
          message: (error as Error).message,
          details: null,
          hint: null,
        });
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5000;

  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(
              `port ${options.port} on ${host} is already in use (set SUPABASE_PORT to another port)`,
            )
          : error,
      );
    });
    server.listen(options.port, host, () => {
      const port = (server.address() as AddressInfo).port;
      baseUrl = `http://${host}:${port}`;
      runner = new FunctionRunner({
        functionsDir: options.functionsDir,
        denoBin: options.denoBin,
        watch: options.watch,
        typeCheck: options.watch,
        requestIdleTimeoutMs: options.functionIdleTimeoutMs,
        log,
        env: {
          SUPABASE_URL: baseUrl,
          // the legacy keys stay in the environment when they are off: hosted projects have been
          // seen to inject them after they were turned off, so a function cannot tell from them;
          // LEGACY_API_KEYS (below) says whether they still work
          SUPABASE_ANON_KEY: options.anonKey,
          SUPABASE_SERVICE_ROLE_KEY: options.serviceRoleKey,
          // the new keys in the platform's shape: JSON objects of named keys
          SUPABASE_PUBLISHABLE_KEYS: JSON.stringify({ default: options.publishableKey }),
          SUPABASE_SECRET_KEYS: JSON.stringify({ default: options.secretKey }),
          ...options.functionEnv,
          LEGACY_API_KEYS: keys.legacyKeys ? 'on' : 'off',
        },
      });
      resolve({
        url: baseUrl,
        port,
        functions: runner,
        async close() {
          await runner!.close();
          await new Promise<void>((r) => {
            server.close(() => r());
            server.closeAllConnections();
          });
        },
      });
    });
  });
}
