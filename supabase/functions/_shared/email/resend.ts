// A client for Resend's HTTP API (POST {base}/emails), the shape the local mailbox imitates.
// Hosted edge functions cannot use SMTP ports, so e-mail goes over HTTPS. Each call carries the
// outbox row's Idempotency-Key: Resend answers a repeated key with the first result instead of
// sending again, so a retry after a lost answer never delivers twice.
import type { Attachment } from './templates.ts';

export interface OutgoingEmail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text: string;
  attachments?: Attachment[];
  reply_to?: string;
}

export type SendResult =
  | { ok: true; id: string | null }
  | {
      ok: false;
      error: string;
      permanent: boolean;
      /**
       * How long the API asked us to wait (its Retry-After, e.g. with 429 rate_limit_exceeded:
       * Resend allows 2 requests a second per team), in milliseconds; absent when it said nothing.
       */
      retryAfterMs?: number;
    };

export interface SendOptions {
  apiUrl: string;
  apiKey: string;
  idempotencyKey: string;
  /** Abort after this many milliseconds (a slow API must not hold the batch). Default 10 000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Whether an HTTP error will fail again however often it is retried: malformed or invalid
 * requests (400, 422) and an idempotency key reused with other content (409
 * invalid_idempotent_request). Authentication errors are retried: a key can be fixed.
 */
export function isPermanent(status: number, name: string): boolean {
  if (status === 400 || status === 422) return true;
  if (status === 409) return name === 'invalid_idempotent_request';
  return false;
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date (RFC 9110); undefined if absent. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

export async function sendEmail(email: OutgoingEmail, options: SendOptions): Promise<SendResult> {
  const doFetch = options.fetch ?? fetch;
  let response: Response;
  try {
    response = await doFetch(`${options.apiUrl}/emails`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${options.apiKey}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': options.idempotencyKey,
      },
      body: JSON.stringify(email),
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
  } catch (cause) {
    const name = (cause as { name?: string })?.name;
    const error =
      name === 'TimeoutError' || name === 'AbortError'
        ? `Tidsgrænse: e-mail-API'et svarede ikke inden for ${options.timeoutMs ?? 10_000} ms`
        : `Netværksfejl: ${cause instanceof Error ? cause.message : String(cause)}`;
    return { ok: false, error, permanent: false };
  }
  const body = await response.text().catch(() => '');
  let parsed: { id?: unknown; name?: unknown; message?: unknown } = {};
  try {
    parsed = body ? JSON.parse(body) : {};
  } catch {
    // not JSON: keep the raw text for the error
  }
  if (response.ok) {
    return { ok: true, id: typeof parsed.id === 'string' ? parsed.id : null };
  }
  const name = typeof parsed.name === 'string' ? parsed.name : '';
  const message = typeof parsed.message === 'string' ? parsed.message : body.slice(0, 300);
  const wait = retryAfterMs(response.headers.get('retry-after'));
  return {
    ok: false,
    error: `HTTP ${response.status}${name ? ` ${name}` : ''}: ${message}`.trim(),
    permanent: isPermanent(response.status, name),
    ...(wait !== undefined ? { retryAfterMs: wait } : {}),
  };
}
