// The local owner's Auth user, made by npm run dev and npm start through the admin API (as Studio's
// "Add user" does on the hosted project), so /ejer can be signed in to right away.
import { keyHeaders } from '../keys.ts';

export const DEFAULT_OWNER_EMAIL = 'ejer@glanspunkt.local';

/** OWNER_EMAIL (the functions' owner address), lower-cased, or the local default. */
export function ownerEmail(env: NodeJS.ProcessEnv = process.env): string {
  return (env.OWNER_EMAIL?.trim() || DEFAULT_OWNER_EMAIL).toLowerCase();
}

/** Makes the confirmed user `email` unless it exists; says which. */
export async function ensureOwnerUser(
  gatewayUrl: string,
  secretKey: string,
  email: string,
): Promise<'made' | 'exists'> {
  const base = `${gatewayUrl.replace(/\/+$/, '')}/auth/v1/admin/users`;
  const headers = { ...keyHeaders(secretKey), 'Content-Type': 'application/json' };
  for (let page = 1; ; page += 1) {
    const res = await fetch(`${base}?page=${page}&per_page=1000`, { headers });
    if (!res.ok) throw new Error(`Auth admin API: HTTP ${res.status} ${await res.text()}`);
    const { users } = (await res.json()) as { users: { email?: string }[] };
    if (users.some((u) => u.email?.toLowerCase() === email)) return 'exists';
    if (users.length < 1000) break;
  }
  const res = await fetch(base, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, email_confirm: true }),
  });
  if (!res.ok) throw new Error(`Auth admin API: HTTP ${res.status} ${await res.text()}`);
  return 'made';
}

/** The banner's line: where and how the owner signs in locally. */
export function ownerSignInLine(siteUrl: string, email: string, mailboxUrl: string): string {
  return `Owner sign-in:     ${siteUrl.replace(/\/+$/, '')}/ejer  as ${email}  (the code arrives in the mailbox, ${mailboxUrl})`;
}
