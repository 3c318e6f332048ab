// The embedded stack with its e-mail API pointed at a fresh local mailbox, for the tests of the
// functions that send e-mail (create-booking, cancel-booking, reschedule-booking, the sender).
import { localEmailEnv, startMailbox, type Mailbox } from '../../../local/mailbox/index.ts';
import { keyHeaders, startTestStack, type TestStack } from '../../../local/testing/index.ts';

export const TEST_SITE_URL = 'http://127.0.0.1:4173';

export interface EmailStack {
  stack: TestStack;
  mailbox: Mailbox;
  /** Stops the stack and the mailbox and gives the process its environment back. */
  stop(): Promise<void>;
}

/**
 * Starts a mailbox, sets the e-mail settings in this process's environment (the edge functions
 * inherit it when the stack starts them), then the stack.
 */
export async function startEmailStack(
  options: Parameters<typeof startTestStack>[0] = {},
): Promise<EmailStack> {
  const mailbox = await startMailbox();
  const saved: Record<string, string | undefined> = {};
  for (const [key, value] of Object.entries(localEmailEnv(mailbox.url, TEST_SITE_URL))) {
    saved[key] = process.env[key];
    process.env[key] = value;
  }
  const restore = () => {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
  const stack = await startTestStack(options).catch(async (error: unknown) => {
    await mailbox.stop();
    restore();
    throw error;
  });
  return {
    stack,
    mailbox,
    async stop() {
      await stack.stop();
      await mailbox.stop();
      restore();
    },
  };
}

/** Runs the e-mail sender now, as the scheduler does, with `key` (default: the secret key). */
export async function runEmailSender(
  stack: TestStack,
  key: string = stack.secretKey,
): Promise<{ status: number; body: Record<string, number> }> {
  const res = await fetch(`${stack.url}/functions/v1/process-email-outbox`, {
    method: 'POST',
    headers: { ...keyHeaders(key), 'Content-Type': 'application/json' },
    body: '{}',
  });
  return { status: res.status, body: (await res.json()) as Record<string, number> };
}
