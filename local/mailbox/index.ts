// The embedded stack's e-mail: the local mailbox (a capturing stand-in for Resend's API) and the
// sender schedule. How npm run dev / npm start use it:
//
//   const email = await startLocalEmail({ siteUrl, supabasePort });   // before startStack
//   const stack = await startStack(...);
//   email.startSender(stack.url, stack.secretKey);
//   console.log(`Mailbox: ${email.url}`);   ...   await email.stop();
//
// startLocalEmail sets RESEND_API_URL, RESEND_API_KEY, EMAIL_FROM, OWNER_EMAIL, SITE_URL and the
// SMS gateway's GATEWAYAPI_URL and GATEWAYAPI_TOKEN in
// process.env (edge functions inherit it) unless they are already set.
import { startMailbox, type Mailbox } from './server.ts';
import { startEmailWorker, type EmailWorker } from './worker.ts';

export { startMailbox, type Mailbox } from './server.ts';
export { MailStore, type CapturedEmail, type CapturedAttachment } from './store.ts';
export { startEmailWorker, type EmailWorker } from './worker.ts';

/** Mailbox port: MAILBOX_PORT, else the gateway port + 3 (54321 -> 54324, Supabase CLI's Inbucket port). */
export function mailboxPort(supabasePort: number): number {
  const raw = process.env.MAILBOX_PORT;
  if (raw !== undefined && raw !== '') return Number(raw);
  return supabasePort === 0 ? 0 : supabasePort + 3;
}

/** The environment the edge functions need to send to this mailbox. */
export function localEmailEnv(mailboxUrl: string, siteUrl: string): Record<string, string> {
  return {
    RESEND_API_URL: mailboxUrl,
    RESEND_API_KEY: 're_local_mailbox',
    EMAIL_FROM: 'Glanspunkt <booking@glanspunkt.local>',
    OWNER_EMAIL: 'ejer@glanspunkt.local',
    SITE_URL: siteUrl,
    // SMS on, to this mailbox's GatewayAPI-shaped /rest/mtsms
    GATEWAYAPI_URL: mailboxUrl,
    GATEWAYAPI_TOKEN: 'gatewayapi_local_mailbox',
  };
}

export interface LocalEmail {
  url: string;
  mailbox: Mailbox;
  sender?: EmailWorker;
  /** Starts calling process-email-outbox every intervalMs (EMAIL_INTERVAL_MS, default 5000). */
  startSender(supabaseUrl: string, secretKey: string, log?: (line: string) => void): EmailWorker;
  stop(): Promise<void>;
}

export async function startLocalEmail(options: {
  siteUrl: string;
  supabasePort: number;
  host?: string;
}): Promise<LocalEmail> {
  const port = mailboxPort(options.supabasePort);
  const mailbox = await startMailbox({ port, host: options.host }).catch((error: unknown) => {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      code === 'EADDRINUSE'
        ? `mailbox port ${port} is already in use (set MAILBOX_PORT to another port)`
        : String(error),
    );
  });
  // a hosted e-mail API configured by the developer wins over the local mailbox
  if (!process.env.RESEND_API_URL) {
    for (const [key, value] of Object.entries(localEmailEnv(mailbox.url, options.siteUrl))) {
      process.env[key] ??= value;
    }
  }
  process.env.SITE_URL ??= options.siteUrl;
  const local: LocalEmail = {
    url: `${mailbox.url}/`,
    mailbox,
    startSender(supabaseUrl, secretKey, log) {
      local.sender = startEmailWorker({
        supabaseUrl,
        secretKey,
        intervalMs: Number(process.env.EMAIL_INTERVAL_MS ?? 5000),
        log,
      });
      return local.sender;
    },
    async stop() {
      await local.sender?.stop();
      await mailbox.stop();
    },
  };
  return local;
}
