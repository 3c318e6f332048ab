// The embedded stack's stand-in for the production schedules (pg_cron + pg_net): every few seconds,
// one run at a time, public.queue_owner_agenda() (it decides itself whether the morning agenda is
// due) and then the process-email-outbox edge function (which after its batch also queues the
// owner's alert about given-up e-mails, as in production); the retention job
// (public.run_retention) shortly after start and then every 6 hours. It calls them with a secret key
// in apikey, as a job on a project whose legacy keys are off must.
import { keyHeaders } from '../keys.ts';

export interface EmailWorkerOptions {
  /** Gateway URL, e.g. http://127.0.0.1:54321. */
  supabaseUrl: string;
  /** A secret key (sb_secret_…); the legacy service_role key works only while the legacy keys do. */
  secretKey: string;
  /** Default 5000 ms. */
  intervalMs?: number;
  /** Retention runs; default 6 hours (0: never). The first one 10 s after start. */
  retentionIntervalMs?: number;
  log?: (line: string) => void;
}

export interface EmailWorker {
  /** One run now (waits for a run in progress first). */
  runOnce(): Promise<unknown>;
  /** public.run_retention() now. */
  runRetention(): Promise<unknown>;
  stop(): Promise<void>;
}

export function startEmailWorker(options: EmailWorkerOptions): EmailWorker {
  const interval = options.intervalMs ?? 5000;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = false;
  let lastError = '';

  const rpc = async (name: string): Promise<Response> =>
    fetch(`${options.supabaseUrl}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { ...keyHeaders(options.secretKey), 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(120_000),
    });

  const run = async (): Promise<unknown> => {
    // the morning agenda (opt-in; at most one a day), queued before the sender run that sends it
    const agenda = await rpc('queue_owner_agenda');
    if (!agenda.ok) {
      const body = await agenda.text().catch(() => '');
      throw new Error(`queue_owner_agenda answered ${agenda.status}: ${body}`);
    }
    await agenda.body?.cancel().catch(() => undefined);
    const res = await fetch(`${options.supabaseUrl}/functions/v1/process-email-outbox`, {
      method: 'POST',
      headers: { ...keyHeaders(options.secretKey), 'Content-Type': 'application/json' },
      body: '{}',
      signal: AbortSignal.timeout(120_000),
    });
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (!res.ok)
      throw new Error(`process-email-outbox answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };

  const runOnce = () => {
    running = running.catch(() => undefined).then(run);
    return running;
  };

  const tick = async () => {
    try {
      const summary = (await runOnce()) as { sent?: number; retrying?: number; failed?: number };
      lastError = '';
      if (summary.sent || summary.retrying || summary.failed) {
        options.log?.(
          `[email] sent ${summary.sent ?? 0}, retrying ${summary.retrying ?? 0}, failed ${summary.failed ?? 0}`,
        );
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      // say it once, not every few seconds
      if (message !== lastError) options.log?.(`[email] sender run failed: ${message}`);
      lastError = message;
    }
  };

  let timer: NodeJS.Timeout | undefined;
  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      void tick().finally(schedule);
    }, interval);
    timer.unref?.();
  };
  schedule();

  const runRetention = async (): Promise<unknown> => {
    const res = await rpc('run_retention');
    const body = (await res.json().catch(() => ({}))) as unknown;
    if (!res.ok) throw new Error(`run_retention answered ${res.status}: ${JSON.stringify(body)}`);
    return body;
  };
  const retentionEvery = options.retentionIntervalMs ?? 6 * 60 * 60 * 1000;
  let retentionTimer: NodeJS.Timeout | undefined;
  const scheduleRetention = (delay: number) => {
    if (stopped || retentionEvery <= 0) return;
    retentionTimer = setTimeout(() => {
      runRetention()
        .catch((error: unknown) =>
          options.log?.(
            `[retention] run failed: ${error instanceof Error ? error.message : error}`,
          ),
        )
        .finally(() => scheduleRetention(retentionEvery));
    }, delay);
    retentionTimer.unref?.();
  };
  scheduleRetention(10_000);

  return {
    runOnce,
    runRetention,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (retentionTimer) clearTimeout(retentionTimer);
      await running.catch(() => undefined);
    },
  };
}
