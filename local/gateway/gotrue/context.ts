// What every Auth handler is given: the database, the settings, the clock and the limits.
import type { IncomingHttpHeaders } from 'node:http';
import type { Database } from '../../db/database.ts';
import type { AuthEmailOptions } from './mail.ts';
import type { Clock, Limiters } from './rate-limits.ts';
import type { AuthSettings } from './settings.ts';

export interface GoTrueContext {
  db: Database;
  settings: AuthSettings;
  jwtSecret: string;
  /** The iss claim: the gateway's address + /auth/v1, as a hosted project's tokens carry it. */
  issuer(): string;
  now: Clock;
  limiters: Limiters;
  /** Where the code's e-mail goes; null: no mailbox (sign-in answers as GoTrue when SMTP fails). */
  email: AuthEmailOptions | null;
  log(line: string): void;
}

export interface AuthRequest {
  method: string;
  /** The path after /auth/v1, e.g. /otp. */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The Authorization GoTrue sees (the gateway turned a new API key into its role's JWT). */
  authorization: string | undefined;
  body: string;
  /** The caller's address, the key of the per-IP limits. */
  ip: string;
}

export interface HandlerResult {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
}
