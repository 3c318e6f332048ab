// POST /functions/v1/process-email-outbox   (the scheduler: pg_cron + pg_net in production, an
// interval timer in the embedded stack; see docs/emails.md)
// Queues due reminders, then sends due e-mails from public.email_outbox through the e-mail API and
// records the outcome, then queues the owner's alert about given-up e-mails (at most one a day)
// -> 200 {remindersQueued, claimed, sent, retrying, failed, alertsQueued, stopped}; stopped is
// 'budget' when the run's time (40 s, far under the platform's 150 s) or a Retry-After ended it with
// rows still due (they go out in the next run), else null. See _shared/email/processor.ts.
// Only a secret key of the project (apikey header), EMAIL_PROCESSOR_SECRET (what the scheduled job
// sends), or, while the legacy keys are on, the legacy service_role key may call it: 401 otherwise.
// verify_jwt is off for it: the platform cannot check the new keys, so the function does.
import { error, internalError, json } from '../_shared/errors.ts';
import { bearer, timingSafeEqual } from '../_shared/bearer.ts';
import { callerHasSecretKey } from '../_shared/api-keys.ts';
import { adminClient } from '../_shared/supabase.ts';
import { emailConfig } from '../_shared/email/config.ts';
import { processOutbox } from '../_shared/email/processor.ts';
import { smsConfig } from '../_shared/sms/config.ts';

/**
 * A secret key in apikey (the legacy service_role key also as Bearer token while the legacy keys
 * are on), or EMAIL_PROCESSOR_SECRET as Bearer token or in the X-Email-Processor-Secret header (the
 * scheduled job's key, kept in Vault; see docs/emails.md).
 */
function authorised(req: Request): boolean {
  const secret = Deno.env.get('EMAIL_PROCESSOR_SECRET');
  const token = bearer(req);
  const header = req.headers.get('x-email-processor-secret') ?? '';
  const byProcessorSecret =
    !!secret && (timingSafeEqual(token, secret) || timingSafeEqual(header, secret));
  return callerHasSecretKey(req, (name) => Deno.env.get(name)) || byProcessorSecret;
}

export async function handler(req: Request): Promise<Response> {
  if (req.method !== 'POST') {
    return error(405, 'Metoden er ikke tilladt.', { Allow: 'POST' });
  }
  if (!authorised(req)) return error(401, 'Ikke tilladt.');
  try {
    const client = adminClient();
    const summary = await processOutbox({
      rpc: async (fn, args) => {
        const { data, error: rpcError } = await client.rpc(fn, args);
        if (rpcError) throw new Error(`${fn}: ${rpcError.message}`);
        return data;
      },
      config: emailConfig((name) => Deno.env.get(name)),
      sms: smsConfig((name) => Deno.env.get(name)),
    });
    if (summary.claimed > 0 || summary.remindersQueued > 0 || summary.alertsQueued > 0) {
      console.log(`process-email-outbox: ${JSON.stringify(summary)}`);
    }
    return json(200, summary);
  } catch (cause) {
    return internalError('process-email-outbox', cause);
  }
}

if (import.meta.main) {
  Deno.serve(handler);
}
