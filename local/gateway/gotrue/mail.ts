// The sign-in code's e-mail. GoTrue fills the project's magic_link template
// ([auth.email.template.magic_link] in config.toml: supabase/templates/magic-link.html, the same
// file production uses) and sends it through the project's SMTP server; the embedded stack sends
// the same e-mail to the e-mail API the functions use (Resend's POST /emails, the local mailbox).
import type { EmailTemplate } from './settings.ts';

export interface AuthEmailOptions {
  /** Resend-shaped API base (RESEND_API_URL); its /emails receives the message. */
  apiUrl: string;
  apiKey: string;
  /** Sender, e.g. 'Glanspunkt <booking@glanspunkt.local>'. */
  from: string;
}

export interface TemplateData {
  token: string;
  tokenHash: string;
  email: string;
  siteUrl: string;
  redirectTo: string;
}

/** GoTrue's template fields; anything else in {{ }} is left for the reader to notice. */
export function fillTemplate(text: string, data: TemplateData): string {
  const confirmation = `${data.siteUrl.replace(/\/+$/, '')}/auth/v1/verify?token=${data.tokenHash}&type=magiclink&redirect_to=${encodeURIComponent(data.redirectTo)}`;
  const fields: Record<string, string> = {
    Token: data.token,
    TokenHash: data.tokenHash,
    Email: data.email,
    SiteURL: data.siteUrl,
    RedirectTo: data.redirectTo,
    ConfirmationURL: confirmation,
  };
  return text.replace(/\{\{\s*\.(\w+)\s*\}\}/g, (whole, name: string) => fields[name] ?? whole);
}

/** The plain-text part beside the HTML: the template's text without its markup. */
export function textFromHtml(html: string): string {
  return html
    .replace(/<(style|script|head)[^>]*>[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/(p|div|h\d|li|tr)>/gi, '\n\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export class MailFailed extends Error {}

export async function sendCodeEmail(
  options: AuthEmailOptions,
  template: EmailTemplate,
  to: string,
  data: TemplateData,
): Promise<void> {
  const html = fillTemplate(template.html, data);
  let res: Response;
  try {
    res = await fetch(`${options.apiUrl.replace(/\/+$/, '')}/emails`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${options.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        from: options.from,
        to: [to],
        subject: fillTemplate(template.subject, data),
        html,
        text: textFromHtml(html),
      }),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new MailFailed(`the e-mail API at ${options.apiUrl} cannot be reached: ${String(error)}`);
  }
  if (!res.ok)
    throw new MailFailed(
      `the e-mail API answered ${res.status}: ${(await res.text()).slice(0, 200)}`,
    );
  await res.body?.cancel();
}
