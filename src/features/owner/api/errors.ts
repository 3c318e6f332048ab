import { ownerCopy } from '~/content/owner';

const text = ownerCopy.errors;

/** Why a call of the owner's page failed, in the page's terms. */
export type OwnerErrorKind =
  /** 422 otp_disabled: the address has no user (sign-ups are off). */
  | 'not_allowed'
  /** 400/422 on the address itself. */
  | 'invalid_email'
  /** 429: wait (waitSeconds when GoTrue says how long). */
  | 'rate_limited'
  /** 403 otp_expired: the code is wrong, used or too old. */
  | 'wrong_code'
  /** 403 from the access token hook, or 42501 from an owner RPC: not on the owner list. */
  | 'not_owner'
  /** 409 (PT409): the car was changed elsewhere meanwhile. */
  | 'conflict'
  /** No session, or one the server no longer takes (401). */
  | 'signed_out'
  /** No answer at all: the phone has no connection. */
  | 'offline'
  /** 5xx: the backend is there but failing. */
  | 'unavailable'
  /** Refused by the database with its own Danish message (a closed day, a taken time, ...). */
  | 'refused'
  | 'unknown';

export class OwnerError extends Error {
  readonly kind: OwnerErrorKind;
  readonly status: number | undefined;
  /** Seconds to wait before asking again (429 with GoTrue's frequency limit). */
  readonly waitSeconds: number | null;

  constructor(
    kind: OwnerErrorKind,
    message: string,
    options: { status?: number; waitSeconds?: number | null; cause?: unknown } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'OwnerError';
    this.kind = kind;
    this.status = options.status;
    this.waitSeconds = options.waitSeconds ?? null;
  }
}

/** The Danish sentence for a kind (a refusal carries the database's own message instead). */
export function kindMessage(kind: OwnerErrorKind, waitSeconds: number | null = null): string {
  switch (kind) {
    case 'not_allowed':
      return text.notAllowed;
    case 'invalid_email':
      return text.invalidEmail;
    case 'rate_limited':
      return text.rateLimited(waitSeconds);
    case 'wrong_code':
      return text.wrongCode;
    case 'not_owner':
      return text.notOwner;
    case 'conflict':
      return text.conflict;
    case 'signed_out':
      return text.signedOut;
    case 'offline':
      return text.offline;
    case 'unavailable':
      return text.unavailable;
    default:
      return text.unknown;
  }
}

/** What the page says for any failure of its calls. */
export function ownerMessage(error: unknown): string {
  return error instanceof OwnerError ? error.message : text.unknown;
}

/** GoTrue's frequency limit says how long: "… you can only request this after 37 seconds." */
function waitOf(message: string): number | null {
  const match = /after (\d+) seconds?/i.exec(message);
  return match ? Math.max(1, Number(match[1])) : null;
}

function make(
  kind: OwnerErrorKind,
  options: { status?: number; waitSeconds?: number | null; cause?: unknown } = {},
) {
  return new OwnerError(kind, kindMessage(kind, options.waitSeconds ?? null), options);
}

/**
 * An auth-js error (AuthApiError, AuthRetryableFetchError, AuthSessionMissingError, …; told by
 * shape, so this module needs no auth-js) as an OwnerError. GoTrue's codes: see the report of
 * github:supabase/auth internal/api (otp.go, verify.go, mail.go, hooks/hookserrors).
 */
export function authError(error: unknown): OwnerError {
  if (error instanceof OwnerError) return error;
  const e = (error ?? {}) as { name?: string; status?: number; code?: string; message?: string };
  const status = typeof e.status === 'number' ? e.status : undefined;
  const code = e.code ?? '';
  const message = e.message ?? '';
  if (e.name === 'AuthSessionMissingError') return make('signed_out', { cause: error });
  // auth-js: no response (status 0) or a gateway/server failure (5xx) is "retryable"
  if (e.name === 'AuthRetryableFetchError' || status === 0 || status === undefined) {
    return status && status >= 500
      ? make('unavailable', { status, cause: error })
      : make('offline', { status, cause: error });
  }
  if (status >= 500) return make('unavailable', { status, cause: error });
  if (status === 429) {
    return make('rate_limited', { status, waitSeconds: waitOf(message), cause: error });
  }
  if (code === 'otp_disabled' || code === 'signup_disabled' || code === 'user_not_found') {
    return make('not_allowed', { status, cause: error });
  }
  if (code === 'otp_expired') return make('wrong_code', { status, cause: error });
  if (code === 'email_address_invalid' || code === 'validation_failed') {
    return make('invalid_email', { status, cause: error });
  }
  // the access token hook's refusal: its own status and message, no code of GoTrue's
  if (status === 403) return make('not_owner', { status, cause: error });
  if (status === 401 || code === 'session_not_found' || code === 'refresh_token_not_found') {
    return make('signed_out', { status, cause: error });
  }
  return make('unknown', { status, cause: error });
}

/** A PostgREST error as postgrest-js returns it, with the response's status. */
export interface RestFailure {
  code?: string;
  message?: string;
  details?: string | null;
  hint?: string | null;
}

/**
 * An owner RPC's failure as an OwnerError. PostgREST: 42501 is 403 for a signed-in user (401 for
 * anon), a custom SQLSTATE PT409 is HTTP 409; a raise of the database (P0001 and the check and
 * exclusion violations) carries our Danish message, which the page shows as it is. postgrest-js
 * answers a request that never reached the server with status 0.
 */
export function rpcError(error: RestFailure, status: number): OwnerError {
  const code = error.code ?? '';
  if (status === 0) return make('offline', { status, cause: error });
  if (code === '42501' || status === 403) return make('not_owner', { status, cause: error });
  if (code === 'PT409' || status === 409) return make('conflict', { status, cause: error });
  if (status === 401 || code.startsWith('PGRST30')) {
    return make('signed_out', { status, cause: error });
  }
  if (status >= 500) return make('unavailable', { status, cause: error });
  const serverMessage = error.message?.trim();
  // not PostgREST's own (English) errors, nor the engine's about malformed input or a missing
  // function: those are our bugs, said in the page's words
  const ours = !code.startsWith('PGRST') && !code.startsWith('42') && code !== '22P02';
  if (status >= 400 && serverMessage && ours) {
    return new OwnerError('refused', serverMessage, { status, cause: error });
  }
  return make('unknown', { status, cause: error });
}
