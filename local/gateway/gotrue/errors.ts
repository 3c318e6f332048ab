// GoTrue's error answers (github:supabase/auth, internal/api/errors.go): an HTTP status, an error
// code and a message. A client that sends X-Supabase-Api-Version 2024-01-01 or later (auth-js does)
// gets {code: <error code>, message}; any other client the initial shape {code: <status>,
// error_code, msg}. OAuth-style errors ({error, error_description}) are always 400.

export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
  }
}

export class OAuthError extends Error {
  constructor(
    readonly error: string,
    readonly description: string,
  ) {
    super(description);
  }
}

export interface AuthAnswer {
  status: number;
  body: unknown;
  headers: Record<string, string>;
}

const API_VERSION_2024 = '2024-01-01';

/** GoTrue's DetermineClosestAPIVersion: a valid date on or after 2024-01-01 means that version. */
function apiVersion(header: string | undefined): string | null {
  if (!header || !/^\d{4}-\d{2}-\d{2}$/.test(header.trim())) return null;
  const t = Date.parse(`${header.trim()}T00:00:00Z`);
  if (Number.isNaN(t)) return null;
  return t >= Date.parse(`${API_VERSION_2024}T00:00:00Z`) ? API_VERSION_2024 : null;
}

export function errorAnswer(error: unknown, versionHeader: string | undefined): AuthAnswer {
  const version = apiVersion(versionHeader);
  const headers: Record<string, string> = version ? { 'X-Supabase-Api-Version': version } : {};
  if (error instanceof OAuthError)
    return {
      status: 400,
      body: { error: error.error, error_description: error.description },
      headers,
    };
  const e =
    error instanceof AuthError
      ? error
      : new AuthError(
          500,
          'unexpected_failure',
          'Unexpected failure, please check server logs for more information',
        );
  const code = e.errorCode || (e.status === 500 ? 'unexpected_failure' : 'unknown');
  if (e.errorCode) headers['x-sb-error-code'] = e.errorCode;
  return {
    status: e.status,
    body: version
      ? { code, message: e.message }
      : { code: e.status, error_code: code, msg: e.message },
    headers,
  };
}

export const badRequest = (code: string, msg: string) => new AuthError(400, code, msg);
export const forbidden = (code: string, msg: string) => new AuthError(403, code, msg);
export const unprocessable = (code: string, msg: string) => new AuthError(422, code, msg);
export const tooManyRequests = (code: string, msg: string) => new AuthError(429, code, msg);
export const internal = (msg: string) => new AuthError(500, '', msg);
