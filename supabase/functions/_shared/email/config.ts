// Settings of the e-mail sender, from the environment (Supabase secrets in production; the
// embedded stack sets them for its local mailbox).
//   RESEND_API_KEY   key of the e-mail API (Bearer token)
//   RESEND_API_URL   base URL of the API, default https://api.resend.com
//   EMAIL_FROM       sender, e.g. "Glanspunkt <booking@glanspunkt.dk>" (a verified domain)
//   OWNER_EMAIL      the workshop's address: gets the notifications, receives customers' replies
//   SITE_URL         public address of the site; cancel links point to SITE_URL/afbestil
//   EMAIL_PROCESSOR_SECRET  optional extra secret the scheduler may send instead of the service key

export interface EmailConfig {
  apiKey: string;
  apiUrl: string;
  from: string;
  ownerEmail: string;
  siteUrl: string;
}

export const DEFAULT_RESEND_API_URL = 'https://api.resend.com';

export function emailConfig(env: (name: string) => string | undefined): EmailConfig {
  return {
    apiKey: env('RESEND_API_KEY') ?? '',
    apiUrl: (env('RESEND_API_URL') || DEFAULT_RESEND_API_URL).replace(/\/+$/, ''),
    from: env('EMAIL_FROM') ?? '',
    ownerEmail: env('OWNER_EMAIL') ?? '',
    siteUrl: (env('SITE_URL') ?? '').replace(/\/+$/, ''),
  };
}

/** What is missing for sending at all (the row stays pending and is retried once it is set). */
export function missingConfig(config: EmailConfig): string[] {
  const missing: string[] = [];
  if (!config.apiKey) missing.push('RESEND_API_KEY');
  if (!config.from) missing.push('EMAIL_FROM');
  return missing;
}
