// The local owner's Auth user, made by npm run dev and npm start through the admin API (as Studio's
// "Add user" does on the hosted project), so /ejer can be signed in to right away.
import { keyHeaders } from '../keys.ts';

export const DEFAULT_OWNER_EMAIL = 'ejer@glanspunkt.local';

/** OWNER_EMAIL (the functions' owner address), lower-cased, or the local default. */
export function ownerEmail(env: NodeJS.ProcessEnv = process.env): string {
  return (env.OWNER_EMAIL?.trim() || DEFAULT_OWNER_EMAIL).toLowerCase();
}

/**
 * Makes the confirmed user `email` unless it exists, and puts the address on the owner list
 * (public.owners) unless it is there: a database made before the list, or another OWNER_EMAIL,
 * would otherwise refuse the local owner's sign-in. Says whether the user was made.
 */
export async function ensureOwnerUser(
  gatewayUrl: string,
  secretKey: string,
  email: string,
): Promise<'made' | 'exists'> {
  const owners = `${gatewayUrl.replace(/\/+$/, '')}/rest/v1/owners`;
  const listHeaders = { ...keyHeaders(secretKey), 'Content-Type': 'application/json' };
  const listed = await fetch(`${owners}?select=email&email=eq.${encodeURIComponent(email)}`, {
    headers: listHeaders,
  });
  // (404: a schema without the list, e.g. the stand-in of the CLI's own tests)
  if (!listed.ok && listed.status !== 404)
    throw new Error(`owners: HTTP ${listed.status} ${await listed.text()}`);
  if (listed.ok && ((await listed.json()) as unknown[]).length === 0) {
    const res = await fetch(owners, {
      method: 'POST',
      headers: listHeaders,
      body: JSON.stringify({ email, name: 'Ejeren' }),
    });
    if (!res.ok) throw new Error(`owners: HTTP ${res.status} ${await res.text()}`);
  }
  return ensureAuthUser(gatewayUrl, secretKey, email);
}

async function ensureAuthUser(
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
