// One run of the e-mail sender: queue due reminders, claim due outbox rows (atomically, under a
// lease), render and send each with its idempotency key, then record sent or failed (the database
// plans the retry with exponential backoff), and last queue the owner's alert about e-mails given
// up. Runtime-neutral: the edge function passes a database call and fetch; tests can pass their own.
import { missingConfig, type EmailConfig } from './config.ts';
import { sendEmail } from './resend.ts';
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
  fetch?: typeof fetch;
  /** Rows per run. Default 20. */
  limit?: number;
  /** Per-call timeout of the e-mail API. Default 10 000 ms. */
  timeoutMs?: number;
}

export interface ProcessSummary {
  remindersQueued: number;
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
  /** The owner's alert about given-up e-mails queued by this run (0 or 1; at most one a day). */
  alertsQueued: number;
}

/** public.email_claim */
export interface ClaimAnswer {
  messages: OutboxMessage[];
  openingHours: OpeningHoursRow[];
  cancellationNoticeHours: number;
}

export async function processOutbox(options: ProcessOptions): Promise<ProcessSummary> {
  const { rpc, config } = options;
  const limit = options.limit ?? 20;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const remindersQueued = Number(await rpc('email_queue_reminders', {}));
  // the lease covers the whole batch even when every call runs into the timeout
  const lease = Math.ceil((limit * timeoutMs) / 1000) + 60;
  const claim = await rpc('email_claim', {
    p_limit: limit,
    p_lease_seconds: lease,
  });
  const summary: ProcessSummary = {
    remindersQueued,
    claimed: claim.messages.length,
    sent: 0,
    retrying: 0,
    failed: 0,
    alertsQueued: 0,
  };

  const fail = async (msg: OutboxMessage, error: string, permanent: boolean) => {
    const status = await rpc('email_mark_failed', {
      p_id: msg.id,
      p_error: error,
      p_permanent: permanent,
    });
    if (status === 'failed') summary.failed += 1;
    else summary.retrying += 1;
  };

  for (const msg of claim.messages) {
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
      await fail(msg, result.error, result.permanent);
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
