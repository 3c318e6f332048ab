// One run of the e-mail sender: queue due reminders, then claim due outbox rows one at a time
// (atomically, under a lease that covers that one send), render and send each with its idempotency
// key, record sent or failed (the database plans the retry with exponential backoff), and last
// queue the owner's alert about e-mails given up. Runtime-neutral: the edge function passes a
// database call and fetch; tests can pass their own.
//
// The platform's limits, kept by the run itself:
// - wall time: an edge function may run 150 s; a run spends at most budgetMs (40 s) on sending, so
//   even against an API that never answers it ends in about 40 s: a row is claimed only when its
//   send can finish within the budget, and what is not claimed stays due for the next run (the
//   scheduler calls every minute);
// - the e-mail API's rate: Resend allows 2 requests a second per team, so the calls start at least
//   minIntervalMs (550 ms, a margin over 500 for the way there) apart;
// - its 429 (or any refusal with Retry-After): the row is not tried again before the API said (nor
//   before its backoff), and the run sends nothing more for that long: it waits when that fits in
//   the budget, else it ends.
// A row is tried at most once a run (claims take only what was due at the run's first claim).
import { missingConfig, type EmailConfig } from './config.ts';
import { sendEmail, type SendResult } from './resend.ts';
import type { SmsConfig } from '../sms/config.ts';
import { sendSms } from '../sms/gatewayapi.ts';
import { isSmsKind, renderSms, smsHasLink } from '../sms/templates.ts';
import { CUSTOMER_KINDS, LINK_KINDS, renderEmail, type OutboxMessage } from './templates.ts';
import type { OpeningHoursRow } from './format.ts';
import type { Database } from '../database.types.ts';

type Functions = Database['public']['Functions'];

/** Calls a SQL function (supabase-js rpc), throwing on error; typed by the generated types. */
export type Rpc = <N extends keyof Functions>(
  fn: N,
  args: Functions[N]['Args'],
) => Promise<Functions[N]['Returns']>;

export interface ProcessOptions {
  rpc: Rpc;
  config: EmailConfig;
  /** The SMS gateway; without a token the queued SMS are cancelled (SMS is off). */
  sms?: SmsConfig;
  fetch?: typeof fetch;
  /** Rows per run. Default 20. */
  limit?: number;
  /** Per-call timeout of the e-mail API. Default 10 000 ms. */
  timeoutMs?: number;
  /** Time the run may spend, from its start to the end of its last send. Default 40 000 ms. */
  budgetMs?: number;
  /** Least time between the starts of two calls to the e-mail API. Default 550 ms. */
  minIntervalMs?: number;
}

export const DEFAULT_LIMIT = 20;
export const DEFAULT_TIMEOUT_MS = 10_000;
export const DEFAULT_BUDGET_MS = 40_000;
export const DEFAULT_MIN_INTERVAL_MS = 550;
/** What the lease of a claimed row adds to its send: rendering and recording the outcome. */
export const LEASE_MARGIN_SECONDS = 30;

export interface ProcessSummary {
  remindersQueued: number;
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** The owner's alert about given-up e-mails queued by this run (0 or 1; at most one a day). */
  alertsQueued: number;
  /**
   * Why the run stopped before it had nothing left to claim: `budget` (its time was spent, or a
   * Retry-After reached past it), or null.
   */
  stopped: 'budget' | null;
}

/** public.email_claim */
export interface ClaimAnswer {
  messages: OutboxMessage[];
  openingHours: OpeningHoursRow[];
  cancellationNoticeHours: number;
  /** The database's time of the claim (ISO 8601). */
  now: string;
}

export async function processOutbox(options: ProcessOptions): Promise<ProcessSummary> {
  const { rpc, config } = options;
  const limit = options.limit ?? DEFAULT_LIMIT;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const minIntervalMs = options.minIntervalMs ?? DEFAULT_MIN_INTERVAL_MS;
  const now = () => Date.now();
  const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
  const deadline = now() + (options.budgetMs ?? DEFAULT_BUDGET_MS);
  // each row at most once a run: later claims take only what was due at the first (the database's
  // clock), so what fails during the run waits for the next one
  let dueBy: string | undefined;
  const remindersQueued = Number(await rpc('email_queue_reminders', {}));
  const summary: ProcessSummary = {
    remindersQueued,
    claimed: 0,
    sent: 0,
    retrying: 0,
    failed: 0,
    alertsQueued: 0,
    stopped: null,
  };
  /** When the next call to the e-mail API may start: its rate, or what its Retry-After said. */
  let nextCallAt = 0;

  const fail = async (
    msg: OutboxMessage,
    error: string,
    permanent: boolean,
    retryAfterMs?: number,
  ) => {
    const status = await rpc('email_mark_failed', {
      p_id: msg.id,
      p_error: error,
      p_permanent: permanent,
      ...(retryAfterMs !== undefined
        ? { p_retry_after_seconds: Math.ceil(retryAfterMs / 1000) }
        : {}),
    });
    if (status === 'failed') summary.failed += 1;
    else summary.retrying += 1;
  };

  while (summary.claimed < limit) {
    // claim only what can be sent within the budget: the wait for its turn, then the call
    if (Math.max(now(), nextCallAt) + timeoutMs > deadline) {
      summary.stopped = 'budget';
      break;
    }
    // one row at a time, leased for exactly its send: the wait for its turn, the call at its
    // longest, and the recording; a run that dies holds no other row
    const turnIn = Math.max(0, nextCallAt - now());
    const lease = Math.ceil((turnIn + timeoutMs) / 1000) + LEASE_MARGIN_SECONDS;
    const claim: ClaimAnswer = await rpc('email_claim', {
      p_limit: 1,
      p_lease_seconds: lease,
      ...(dueBy !== undefined ? { p_due_by: dueBy } : {}),
    });
    dueBy ??= claim.now;
    const msg = claim.messages[0];
    if (!msg) break;
    summary.claimed += 1;

    const kind: string = msg.kind;
    if (isSmsKind(kind)) {
      const sms = options.sms;
      if (!sms?.token) {
        await rpc('email_mark_cancelled', {
          p_id: msg.id,
          p_reason: 'Ikke sendt: SMS er ikke slået til (GATEWAYAPI_TOKEN er ikke sat).',
        });
        continue;
      }
      if (smsHasLink(kind) && !config.siteUrl) {
        await fail(msg, 'Mangler indstilling: SITE_URL', false);
        continue;
      }
      let message: string;
      try {
        // a Danish subscriber number was checked when it was queued (public.sms_number)
        if (!/^\+45[2-9][0-9]{7}$/.test(msg.recipient ?? ''))
          throw new Error('ikke et dansk nummer');
        message = renderSms(kind, msg.payload, { siteUrl: config.siteUrl });
      } catch (cause) {
        await fail(msg, `Kunne ikke lave SMS'en: ${String(cause)}`, true);
        continue;
      }
      const wait = nextCallAt - now();
      if (wait > 0) await sleep(wait);
      nextCallAt = now() + minIntervalMs;
      const result: SendResult = await sendSms(
        { sender: sms.sender, message, to: msg.recipient!, userref: msg.idempotencyKey },
        { apiUrl: sms.apiUrl, token: sms.token, timeoutMs, fetch: options.fetch },
      );
      if (result.ok) {
        await rpc('email_mark_sent', {
          p_id: msg.id,
          p_provider_message_id: result.id ?? undefined,
        });
        summary.sent += 1;
      } else {
        if (result.retryAfterMs !== undefined)
          nextCallAt = Math.max(nextCallAt, now() + result.retryAfterMs);
        await fail(msg, result.error, result.permanent, result.retryAfterMs);
      }
      continue;
    }

    const missing = missingConfig(config);
    const customer = CUSTOMER_KINDS.includes(msg.kind);
    if (!customer && !config.ownerEmail) missing.push('OWNER_EMAIL');
    if (LINK_KINDS.includes(msg.kind) && !config.siteUrl) missing.push('SITE_URL');
    if (missing.length > 0) {
      await fail(msg, `Mangler indstilling: ${missing.join(', ')}`, false);
      continue;
    }
    let rendered;
    try {
      rendered = renderEmail(msg, {
        siteUrl: config.siteUrl,
        openingHours: claim.openingHours,
        cancellationNoticeHours: claim.cancellationNoticeHours,
        ownerEmail: config.ownerEmail,
      });
    } catch (cause) {
      await fail(msg, `Kunne ikke lave e-mailen: ${String(cause)}`, true);
      continue;
    }
    const to = customer ? msg.recipient : config.ownerEmail;
    if (!to) {
      await fail(msg, 'Ingen modtager', true);
      continue;
    }
    const wait = nextCallAt - now();
    if (wait > 0) await sleep(wait);
    nextCallAt = now() + minIntervalMs;
    const result = await sendEmail(
      {
        from: config.from,
        to: [to],
        subject: rendered.subject,
        html: rendered.html,
        text: rendered.text,
        ...(rendered.attachments.length > 0 ? { attachments: rendered.attachments } : {}),
        ...(rendered.replyTo ? { reply_to: rendered.replyTo } : {}),
      },
      {
        apiUrl: config.apiUrl,
        apiKey: config.apiKey,
        idempotencyKey: msg.idempotencyKey,
        timeoutMs,
        fetch: options.fetch,
      },
    );
    if (result.ok) {
      await rpc('email_mark_sent', { p_id: msg.id, p_provider_message_id: result.id ?? undefined });
      summary.sent += 1;
    } else {
      if (result.retryAfterMs !== undefined)
        nextCallAt = Math.max(nextCallAt, now() + result.retryAfterMs);
      await fail(msg, result.error, result.permanent, result.retryAfterMs);
    }
  }
  // After the batch, so what this run gave up is in it; the next run sends it. Every give-up
  // happens in a sender run, so this is the one place that needs to ask. Sending must not depend on
  // the alert: a failure here is logged and the run's answer stands.
  try {
    summary.alertsQueued = Number(await rpc('queue_given_up_alert', {}));
  } catch (cause) {
    console.error(
      `process-email-outbox: queue_given_up_alert failed: ${cause instanceof Error ? cause.message : String(cause)}`,
    );
  }
  return summary;
}
