// Test helpers for the embedded Auth: a stack whose Auth mails to a fresh local mailbox and runs
// on a clock the test moves, the real @supabase/auth-js client pointed at it, and the code read
// from the mailbox.
import { AuthAdminApi, AuthClient } from '@supabase/auth-js';
import { localEmailEnv, startMailbox, type Mailbox } from '../mailbox/index.ts';
import { startTestStack, type TestStack, type TestStackOptions } from './stack.ts';

/**
 * A clock that stands still unless moved. It starts at the real time (the only reading of it):
 * /rest/v1 checks a token's expiry on the real clock, so tokens must be issued near it; what the
 * tests assert depends only on how far they move it.
 */
export class TestClock {
  constructor(public ms: number = Date.now()) {}
  readonly now = () => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export interface AuthStack {
  stack: TestStack;
  mailbox: Mailbox;
  clock: TestClock;
  /** An auth-js client with the publishable key, as the /ejer page has it. */
  client(): InstanceType<typeof AuthClient>;
  /** The admin API with the secret key. */
  admin(): InstanceType<typeof AuthAdminApi>;
  /** Makes a confirmed user through the admin API. */
  createUser(email: string): Promise<string>;
  /** The code in the newest e-mail to `email`. */
  code(email: string): string;
  /** POST /auth/v1/<path> with the publishable key, raw. */
  post(path: string, body: unknown, headers?: Record<string, string>): Promise<Response>;
  stop(): Promise<void>;
}

export async function startAuthStack(options: TestStackOptions = {}): Promise<AuthStack> {
  const mailbox = await startMailbox();
  const env = localEmailEnv(mailbox.url, 'http://127.0.0.1:4173');
  const clock = new TestClock();
  const stack = await startTestStack({
    authEmail: { apiUrl: env.RESEND_API_URL!, apiKey: env.RESEND_API_KEY!, from: env.EMAIL_FROM! },
    authNow: clock.now,
    ...options,
  }).catch(async (error: unknown) => {
    await mailbox.stop();
    throw error;
  });
  const authUrl = `${stack.url}/auth/v1`;
  const auth: AuthStack = {
    stack,
    mailbox,
    clock,
    client: () =>
      new AuthClient({
        url: authUrl,
        headers: { apikey: stack.publishableKey },
        persistSession: false,
        autoRefreshToken: false,
        detectSessionInUrl: false,
      }),
    admin: () =>
      new AuthAdminApi({
        url: authUrl,
        headers: { apikey: stack.secretKey, Authorization: `Bearer ${stack.secretKey}` },
      }),
    async createUser(email) {
      const { data, error } = await auth.admin().createUser({ email, email_confirm: true });
      if (error) throw error;
      return data.user.id;
    },
    code(email) {
      const mail = mailbox.store.messages.filter((m) => m.to.includes(email)).at(-1);
      const code = /\b(\d{6})\b/.exec(mail?.subject ?? '')?.[1];
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
    post: (path, body, headers = {}) =>
      fetch(`${authUrl}${path}`, {
        method: 'POST',
        headers: { apikey: stack.publishableKey, 'Content-Type': 'application/json', ...headers },
        body: JSON.stringify(body),
      }),
    async stop() {
      await stack.stop();
      await mailbox.stop();
    },
  };
  return auth;
}
