// A client for GatewayAPI's REST API (POST {base}/rest/mtsms), the shape the local mailbox imitates:
// JSON {sender, message, recipients: [{msisdn}], userref}, the API token as the HTTP Basic username;
// 200 {ids: [...], usage} on success, 4xx/5xx with a JSON error {code, message} otherwise
// (GatewayAPI's REST docs, github:onlinecity/gatewayapi-docs docs/rest.rst and docs/errors.rst).
//
// GatewayAPI takes no idempotency key, so a retry after a lost answer could send twice. The sender
// therefore retries only answers that say the SMS was not taken (an HTTP error, or no connection);
// a call that timed out, when it may have been taken, is not sent again (given up with the reason):
// a customer gets an SMS at most once, and exactly once whenever the API answers.
import type { SendResult } from '../email/resend.ts';
import { isPermanent, retryAfterMs } from '../email/resend.ts';
import { phoneE164 } from '../phone.ts';

export interface OutgoingSms {
  sender: string;
  message: string;
  /** E.164, e.g. +4520112233 */
  to: string;
  /** Our reference (the outbox row's idempotency key), shown in GatewayAPI's log. */
  userref: string;
}

export interface SmsSendOptions {
  apiUrl: string;
  token: string;
  /** Abort after this many milliseconds. Default 10 000. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * The MSISDN GatewayAPI wants: the number's E.164 digits, as a number (4520112233), read by the one
 * phone rule (phone.ts phoneE164), so "+4520112233", "20 11 22 33" and "004520112233" are one
 * recipient.
 */
export function msisdn(phone: string): number {
  const e164 = phoneE164(phone);
  // the number stays out of the message: it may reach a log
  if (e164 === null) throw new Error('not a phone number (phoneE164)');
  return Number(e164.slice(1));
}

function basic(token: string): string {
  return `Basic ${btoa(`${token}:`)}`;
}

export async function sendSms(sms: OutgoingSms, options: SmsSendOptions): Promise<SendResult> {
  const doFetch = options.fetch ?? fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  let response: Response;
  try {
    response = await doFetch(`${options.apiUrl}/rest/mtsms`, {
      method: 'POST',
      headers: {
        Authorization: basic(options.token),
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      body: JSON.stringify({
        sender: sms.sender,
        message: sms.message,
        recipients: [{ msisdn: msisdn(sms.to) }],
        userref: sms.userref,
      }),
      signal: AbortSignal.timeout(timeoutMs),
    });
  } catch (cause) {
    const name = (cause as { name?: string })?.name;
    if (name === 'TimeoutError' || name === 'AbortError') {
      // it may have been sent: never twice
      return {
        ok: false,
        error: `Tidsgrænse: SMS-API'et svarede ikke inden for ${timeoutMs} ms; SMS'en sendes ikke igen, da den kan være sendt`,
        permanent: true,
      };
    }
    return {
      ok: false,
      error: `Netværksfejl: ${cause instanceof Error ? cause.message : String(cause)}`,
      permanent: false,
    };
  }
  const body = await response.text().catch(() => '');
  let parsed: { ids?: unknown; code?: unknown; message?: unknown } = {};
  try {
    parsed = body ? JSON.parse(body) : {};
  } catch {
    // not JSON: keep the raw text for the error
  }
  if (response.ok) {
    const ids = Array.isArray(parsed.ids) ? parsed.ids : [];
    return { ok: true, id: ids.length > 0 ? String(ids[0]) : null };
  }
  const code = typeof parsed.code === 'string' ? parsed.code : '';
  const message = typeof parsed.message === 'string' ? parsed.message : body.slice(0, 300);
  const wait = retryAfterMs(response.headers.get('retry-after'));
  return {
    ok: false,
    error: `SMS: HTTP ${response.status}${code ? ` ${code}` : ''}: ${message}`.trim(),
    // 400/422: the request itself is wrong; 401/403 (token, IP) can be fixed and are retried
    permanent: isPermanent(response.status, ''),
    ...(wait !== undefined ? { retryAfterMs: wait } : {}),
  };
}
