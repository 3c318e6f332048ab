// npm run check:live: asks a Supabase project (and the repository) what is still missing before the
// site can go live, and says how to fix each item in one line. Danish first, English beside it.
import type { PlaceholderFact } from '../../src/content/business-placeholders.ts';
import { comparePrivileges } from '../../local/db/privilege-lint.ts';
import { keyHeaders } from '../../local/keys.ts';
import type { ClientAddressReport } from '../../supabase/functions/_shared/client-address.ts';
import {
  clientAddressItems,
  MADE_UP_ADDRESS_HEADERS,
  type ClientAddressFacts,
} from './client-address.ts';
import type { Requirements } from './requirements.ts';
import { bundleItem, readSiteBundle, type SiteBundle } from './site-bundle.ts';

export interface CheckItem {
  ok: boolean;
  da: string;
  en: string;
  /** One line: what to run or change. */
  fix?: string;
}

interface LiveStatus {
  migrations: string[];
  cron: { name: string; schedule: string; command: string; active: boolean }[] | null;
  cronFailures: { name: string; message: string }[];
  vault: string[] | null;
  pgNet: boolean;
  siteRebuildError: string | null;
}

interface SecretsAnswer {
  set: Record<string, boolean>;
  emailFrom: string | null;
  ownerEmail: string | null;
  siteUrl: string | null;
  /** Absent from a live-check deployed before it reported the client-address headers. */
  clientAddress?: ClientAddressReport;
}

/** What the project answered; null where it could not be asked (the reason is in the error). */
export interface ProjectFacts {
  status: LiveStatus | null;
  statusError?: string;
  /** Function name -> deployed. */
  functions: Record<string, boolean>;
  secrets: SecretsAnswer | null;
  secretsError?: string;
  /** public.api_privilege_findings() of the project (the privilege lint), null: not answered. */
  privileges: string[] | null;
  privilegesError?: string;
  /** What GET /auth/v1/settings shows publicly; null: it could not be read. */
  auth: PublicAuthSettings | null;
  authError?: string;
  /** What reaches the functions as the client's address (live-check, asked twice); absent: not asked. */
  clientAddress?: ClientAddressFacts;
  /** The deployed site's scripts (SITE_URL's /contact); absent: no site address known. */
  siteBundle?: SiteBundle;
}

/** The owner's sign-in as Auth must show it publicly (docs/deploy.md, "Owner sign-in"). */
export interface PublicAuthSettings {
  /** disable_signup false: anyone may make a user. */
  signupsOpen: boolean;
  /** external.email: sign-in by e-mail code is on. */
  emailSignIn: boolean;
  /** mailer_autoconfirm: addresses count as confirmed without a mail. */
  emailAutoconfirm: boolean;
  /** external.phone: sign-in by phone is on. */
  phoneSignIn: boolean;
}

/** The embedded local stack (its client addresses are loopback ones by nature). */
export function isLocalProject(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

export class ProjectUnreachableError extends Error {
  name = 'ProjectUnreachableError';
}

async function request(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  } catch (error) {
    throw new ProjectUnreachableError(
      `${new URL(url).origin}: ${(error as Error).cause ?? (error as Error).message}`,
    );
  }
}

async function bodyText(res: Response): Promise<string> {
  return (await res.text().catch(() => '')).slice(0, 200);
}

/**
 * serviceKey: a secret key (sb_secret_…, sent in apikey only: it is not a JWT), or the legacy
 * service_role key while the project's legacy keys are on (also sent as bearer token).
 */
export async function probeProject(
  url: string,
  serviceKey: string,
  requirements: Requirements,
  /** The deployed site to read; default the project's SITE_URL (live-check). */
  siteUrl?: string,
): Promise<ProjectFacts> {
  const base = url.replace(/\/+$/, '');
  const headers = { ...keyHeaders(serviceKey), 'Content-Type': 'application/json' };
  const facts: ProjectFacts = {
    status: null,
    functions: {},
    secrets: null,
    privileges: null,
    auth: null,
  };

  const status = await request(`${base}/rest/v1/rpc/live_status`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (status.ok) facts.status = (await status.json()) as LiveStatus;
  else facts.statusError = `HTTP ${status.status} ${await bodyText(status)}`;

  const lint = await request(`${base}/rest/v1/rpc/api_privilege_findings`, {
    method: 'POST',
    headers,
    body: '{}',
  });
  if (lint.ok) {
    facts.privileges = (await lint.json()) as string[];
  } else facts.privilegesError = `HTTP ${lint.status} ${await bodyText(lint)}`;

  await Promise.all(
    requirements.functions.map(async (name) => {
      const res = await request(`${base}/functions/v1/${name}`, {
        method: 'OPTIONS',
        headers: { Origin: 'https://check-live.invalid', 'Access-Control-Request-Method': 'POST' },
      });
      // The platform answers a function it does not have with 404 and NOT_FOUND in a JSON body
      // (the embedded gateway does the same). A deployed function may answer 404 itself:
      // owner-calendar does to anything without its secret, with an empty body.
      const body = res.status === 404 ? await bodyText(res) : (await res.body?.cancel(), '');
      facts.functions[name] = res.status !== 404 || !body.includes('NOT_FOUND');
    }),
  );

  if (facts.functions['live-check']) {
    const res = await request(`${base}/functions/v1/live-check`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ names: [...requirements.secrets, ...requirements.optionalSecrets] }),
    });
    if (res.ok) facts.secrets = (await res.json()) as SecretsAnswer;
    else facts.secretsError = `HTTP ${res.status} ${await bodyText(res)}`;
    if (facts.secrets) {
      // the same question with a made-up address in every address header: which of them the
      // platform overwrites, appends to or passes through (scripts/live/client-address.ts)
      const probe = await request(`${base}/functions/v1/live-check`, {
        method: 'POST',
        headers: { ...headers, ...MADE_UP_ADDRESS_HEADERS },
        body: JSON.stringify({ names: [] }),
      });
      const probed = probe.ok ? ((await probe.json()) as SecretsAnswer) : null;
      facts.clientAddress = {
        plain: facts.secrets.clientAddress ?? null,
        probe: probed?.clientAddress ?? null,
        ...(probe.ok ? {} : { probeError: `HTTP ${probe.status} ${await bodyText(probe)}` }),
        local: isLocalProject(base),
      };
    }
  } else facts.secretsError = 'live-check is not deployed';

  // the site's bundle must talk to this project, not to a stand-in or another project
  const site = siteUrl || facts.secrets?.siteUrl;
  if (site) facts.siteBundle = await readSiteBundle(site, base);

  const auth = await request(`${base}/auth/v1/settings`, { headers: keyHeaders(serviceKey) });
  if (auth.ok) {
    const settings = (await auth.json()) as {
      disable_signup?: boolean;
      mailer_autoconfirm?: boolean;
      external?: { email?: boolean; phone?: boolean };
    };
    facts.auth = {
      signupsOpen: settings.disable_signup !== true,
      emailSignIn: settings.external?.email === true,
      emailAutoconfirm: settings.mailer_autoconfirm !== false,
      phoneSignIn: settings.external?.phone !== false,
    };
  } else facts.authError = `HTTP ${auth.status} ${await bodyText(auth)}`;
  return facts;
}

/** Addresses and domains that are placeholders or local (they never reach a real inbox). */
function isPlaceholderDomain(domain: string): boolean {
  const d = domain.toLowerCase();
  return (
    d === '' ||
    d === 'localhost' ||
    /\.(example|local|localhost|invalid|test)$/.test(d) ||
    /(^|\.)example\.(com|org|net|dk)$/.test(d) ||
    /^\d+\.\d+\.\d+\.\d+$/.test(d)
  );
}

function domainOfAddress(value: string | null): string {
  const address = /<([^>]+)>/.exec(value ?? '')?.[1] ?? value ?? '';
  const at = address.lastIndexOf('@');
  return at > 0 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address.trim())
    ? address.slice(at + 1).trim()
    : '';
}

const VAULT_HINTS: Record<string, string> = {
  project_url: "'https://<ref>.supabase.co'",
  email_processor_secret: "'<same value as EMAIL_PROCESSOR_SECRET>'",
  site_build_hook_url: "'<Netlify build hook / Vercel deploy hook URL>'",
};

const SECRET_HINTS: Record<string, string> = {
  RESEND_API_KEY: '"<Resend API key>"',
  EMAIL_FROM: '"Glanspunkt <booking@<your domain>>"',
  OWNER_EMAIL: '<the workshop inbox>',
  SITE_URL: 'https://www.<your domain>',
  EMAIL_PROCESSOR_SECRET: '$(openssl rand -hex 32)',
};

export function evaluate(
  req: Requirements,
  facts: ProjectFacts,
  placeholders: PlaceholderFact[],
): CheckItem[] {
  const items: CheckItem[] = [];
  const add = (ok: boolean, da: string, en: string, fix?: string) =>
    items.push(ok ? { ok, da, en } : { ok, da, en, fix });

  // database: migrations, schedules, Vault
  const status = facts.status;
  if (!status) {
    add(
      false,
      'Databasen svarer ikke på live_status (migrationer mangler?)',
      `database check unavailable (${facts.statusError ?? 'no answer'})`,
      'npx supabase link --project-ref <ref> && npx supabase db push',
    );
  } else {
    const applied = new Set(status.migrations);
    const missing = req.migrations.filter((m) => !applied.has(m.version));
    add(
      missing.length === 0,
      missing.length === 0
        ? 'Alle migrationer er kørt'
        : `Migrationer mangler: ${missing.map((m) => m.version).join(', ')}`,
      missing.length === 0 ? 'all migrations applied' : 'migrations not applied',
      'npx supabase db push',
    );
    // versions the project has and the repository no longer has: the history from before the
    // squash into the baseline (db push refuses to run until it is repaired), or something else
    const known = new Set(req.migrations.map((m) => m.version));
    const unknown = status.migrations.filter((v) => !known.has(v));
    const squashed = new Set(req.squashed);
    const preSquash = unknown.filter((v) => squashed.has(v));
    const other = unknown.filter((v) => !squashed.has(v));
    if (preSquash.length > 0) {
      const complete = req.squashed.every((v) => status.migrations.includes(v));
      add(
        false,
        complete
          ? 'Migrationshistorikken er fra før sammenlægningen til én baseline: reparér den én gang'
          : `Migrationshistorikken er fra før sammenlægningen, og ${req.squashed.filter((v) => !status.migrations.includes(v)).length} af de gamle migrationer mangler: kør dem først`,
        complete
          ? 'migration history from before the squash into the baseline: repair it once'
          : 'migration history from before the squash lacks some of the squashed migrations: push them first',
        complete
          ? 'docs/deploy.md, "Once: a project pushed before the squash": npx supabase migration repair'
          : 'docs/deploy.md, "Once: a project pushed before the squash": db push from the commit before the squash, then repair',
      );
    }
    if (other.length > 0) {
      add(
        false,
        `Migrationshistorikken har versioner, som ikke findes i koden: ${other.join(', ')}`,
        'migration history has versions the repository does not have',
        'npx supabase migration list: compare with supabase/migrations',
      );
    }

    if (status.cron === null) {
      add(
        false,
        'pg_cron er ikke slået til: ingen planlagte job',
        'pg_cron not enabled: no scheduled jobs',
        'Dashboard → Database → Extensions: pg_cron on, then run the migrations named below in the SQL editor',
      );
    }
    const jobs = new Map((status.cron ?? []).map((j) => [j.name, j]));
    for (const job of req.cronJobs) {
      const found = jobs.get(job.name);
      const ok = !!found && found.active && found.schedule === job.schedule;
      add(
        ok,
        ok
          ? `Planlagt job ${job.name} (${job.schedule})`
          : `Planlagt job mangler eller er forkert: ${job.name} (${job.schedule})`,
        ok ? `cron job ${job.name}` : `cron job missing or wrong: ${job.name}`,
        `run ${job.file} in the SQL editor (it is idempotent)`,
      );
    }
    for (const failure of status.cronFailures) {
      add(
        false,
        `Jobbet ${failure.name} fejlede sidst: ${failure.message}`,
        `cron job ${failure.name} failed last time`,
        'fix the cause named in the message; see select * from cron.job_run_details order by start_time desc;',
      );
    }
    add(
      status.pgNet,
      status.pgNet ? 'pg_net er slået til' : 'pg_net er ikke slået til',
      status.pgNet ? 'pg_net enabled' : 'pg_net not enabled',
      'SQL editor: create extension if not exists pg_net with schema extensions;',
    );

    const vault = new Set(status.vault ?? []);
    for (const name of req.vaultSecrets) {
      const ok = vault.has(name);
      add(
        ok,
        ok ? `Vault-hemmelighed ${name}` : `Vault-hemmelighed mangler: ${name}`,
        ok ? `Vault secret ${name}` : `Vault secret missing: ${name}`,
        `SQL editor: select vault.create_secret(${VAULT_HINTS[name] ?? "'<value>'"}, '${name}');`,
      );
    }
    if (status.siteRebuildError) {
      add(
        false,
        `Byggekrogen fejlede: ${status.siteRebuildError}`,
        'the build hook failed',
        "SQL editor: select vault.update_secret((select id from vault.secrets where name = 'site_build_hook_url'), '<hook URL>');",
      );
    }
  }

  // who may call what: the privilege lint against the allow-list in the repository
  if (!facts.privileges) {
    add(
      false,
      'Databasens rettigheder kan ikke tjekkes (api_privilege_findings svarer ikke)',
      `privilege lint unavailable (${facts.privilegesError ?? 'no answer'})`,
      'npx supabase db push',
    );
  } else {
    const diff = comparePrivileges(facts.privileges, req.privileges);
    if (diff.unexpected.length === 0 && diff.missing.length === 0) {
      add(
        true,
        `Den offentlige nøgle når præcis det, listen tillader (${Object.keys(req.privileges).length} adgange)`,
        'public key reaches exactly the allow-list',
      );
    }
    for (const finding of diff.unexpected) {
      add(
        false,
        `Åben for offentligheden, men ikke på listen: ${finding}`,
        'reachable with the public key or unsafe, not in supabase/lint/api-privileges.json',
        'revoke it in a migration and db push (or, if the site needs it, add it with a reason to the allow-list)',
      );
    }
    for (const finding of diff.missing) {
      add(
        false,
        `Siden mangler en adgang: ${finding}`,
        'allowed and needed by the site, but not granted',
        'npx supabase db push',
      );
    }
  }

  // edge functions and their secrets
  for (const name of req.functions) {
    const ok = facts.functions[name] === true;
    add(
      ok,
      ok ? `Funktion ${name} er udrullet` : `Funktion ikke udrullet: ${name}`,
      ok ? `function ${name} deployed` : `function not deployed: ${name}`,
      `npx supabase functions deploy ${name}`,
    );
  }
  const secrets = facts.secrets;
  if (!secrets) {
    add(
      false,
      'Funktionernes hemmeligheder kan ikke tjekkes',
      `function secrets unknown (${facts.secretsError ?? 'no answer'})`,
      'npx supabase functions deploy live-check',
    );
  } else {
    for (const name of req.secrets) {
      const ok = secrets.set[name] === true;
      add(
        ok,
        ok ? `Hemmelighed ${name} er sat` : `Hemmelighed mangler: ${name}`,
        ok ? `secret ${name} set` : `function secret missing: ${name}`,
        `npx supabase secrets set --project-ref <ref> ${name}=${SECRET_HINTS[name] ?? '<value>'}`,
      );
    }
    const fromDomain = domainOfAddress(secrets.emailFrom);
    if (secrets.emailFrom) {
      const ok = !isPlaceholderDomain(fromDomain);
      add(
        ok,
        ok
          ? `Afsenderdomæne ${fromDomain}`
          : `Afsenderdomænet er ikke et rigtigt domæne: ${fromDomain || secrets.emailFrom}`,
        ok ? `sender domain ${fromDomain}` : 'sender domain unset or a placeholder',
        `npx supabase secrets set --project-ref <ref> EMAIL_FROM="Glanspunkt <booking@<domain verified at Resend>>"`,
      );
    }
    if (secrets.ownerEmail) {
      const domain = domainOfAddress(secrets.ownerEmail);
      const ok = !isPlaceholderDomain(domain);
      add(
        ok,
        ok
          ? 'Ejerens e-mailadresse er sat'
          : `Ejerens e-mailadresse er en pladsholder: ${secrets.ownerEmail}`,
        ok ? "owner's address set" : "owner's address is a placeholder",
        'npx supabase secrets set --project-ref <ref> OWNER_EMAIL=<the workshop inbox>',
      );
    }
    if (secrets.siteUrl) {
      let ok = false;
      try {
        const u = new URL(secrets.siteUrl);
        ok = u.protocol === 'https:' && !isPlaceholderDomain(u.hostname);
      } catch {
        ok = false;
      }
      add(
        ok,
        ok
          ? `Hjemmesidens adresse ${secrets.siteUrl}`
          : `Hjemmesidens adresse er ikke en rigtig https-adresse: ${secrets.siteUrl}`,
        ok ? 'site URL set' : 'site URL unset or not public https',
        'npx supabase secrets set --project-ref <ref> SITE_URL=https://www.<your domain>',
      );
    }
  }

  // the client's address the booking caps count by (CLIENT_IP_HEADER / CLIENT_IP_TRUSTED_HOPS)
  if (facts.clientAddress) {
    for (const item of clientAddressItems(facts.clientAddress))
      add(item.ok, item.da, item.en, item.fix);
  }

  // the deployed site's bundle talks to this project
  if (facts.siteBundle) {
    const item = bundleItem(facts.siteBundle);
    add(item.ok, item.da, item.en, item.fix);
  }

  // Auth: only the owner signs in, by a code mailed to an address that already has a user
  if (facts.auth === null) {
    add(
      false,
      'Auth-indstillingerne kan ikke læses',
      `Auth settings unknown (${facts.authError ?? 'no answer'})`,
      'check SUPABASE_URL and the key',
    );
  } else {
    const auth = facts.auth;
    add(
      !auth.signupsOpen,
      auth.signupsOpen
        ? 'Auth: nye brugere kan oprette sig'
        : 'Auth: oprettelse af brugere er slået fra',
      auth.signupsOpen ? 'Auth sign-ups are on' : 'Auth sign-ups off',
      'Dashboard → Authentication → Sign In / Providers: "Allow new users to sign up" off',
    );
    add(
      auth.emailSignIn,
      auth.emailSignIn
        ? 'Auth: ejeren kan logge ind med en kode på e-mail'
        : 'Auth: log ind med e-mail er slået fra, så ejeren kan ikke logge ind',
      auth.emailSignIn ? 'Auth e-mail sign-in on' : 'Auth e-mail provider off',
      'Dashboard → Authentication → Sign In / Providers → Email: on',
    );
    add(
      !auth.emailAutoconfirm,
      auth.emailAutoconfirm
        ? 'Auth: e-mail-adresser godkendes uden bekræftelse'
        : 'Auth: e-mail-adresser skal bekræftes',
      auth.emailAutoconfirm ? 'Auth mailer_autoconfirm is on' : 'Auth confirms e-mail addresses',
      'Dashboard → Authentication → Sign In / Providers → Email: "Confirm email" on',
    );
    add(
      !auth.phoneSignIn,
      auth.phoneSignIn
        ? 'Auth: log ind med telefon er slået til'
        : 'Auth: log ind med telefon er slået fra',
      auth.phoneSignIn ? 'Auth phone sign-in is on' : 'Auth phone sign-in off',
      'Dashboard → Authentication → Sign In / Providers → Phone: off',
    );
  }

  // the repository: business facts
  add(
    placeholders.length === 0,
    placeholders.length === 0
      ? 'Forretningsoplysningerne er udfyldt'
      : `Pladsholdere i forretningsoplysningerne: ${placeholders.map((p) => p.label).join(', ')}`,
    placeholders.length === 0
      ? 'business facts filled in'
      : `placeholder business facts: ${placeholders.map((p) => p.field).join(', ')}`,
    'edit src/content/business.ts (and supabase/functions/_shared/email/business.ts) and src/content/video-links.ts, then rebuild and deploy',
  );
  return items;
}

export function formatChecklist(target: string, items: CheckItem[]): string {
  const lines = [`check:live  ${target}`, ''];
  for (const item of items) {
    lines.push(`${item.ok ? '✓' : '✗'} ${item.da}  (${item.en})`);
    if (!item.ok && item.fix) lines.push(`    → ${item.fix}`);
  }
  const missing = items.filter((i) => !i.ok).length;
  lines.push(
    '',
    missing === 0
      ? 'Klar til drift: intet mangler  (ready: nothing missing)'
      : `${missing} mangler  (${missing} missing)`,
  );
  return lines.join('\n');
}
