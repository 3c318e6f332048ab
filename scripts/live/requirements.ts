// What a live project needs, read from the repository itself so that a new function, secret, Vault
// secret or scheduled job is covered without anyone updating a list:
//   functions       every folder of supabase/functions with an index.ts (not _shared)
//   secrets         every name read with Deno.env.get('X') or env('X') in supabase/functions,
//                   minus the ones Supabase provides (SUPABASE_*) and the optional ones below
//   vaultSecrets    every name a migration reads from vault.decrypted_secrets
//   cronJobs        every cron.schedule('name', 'schedule', ...) in a migration, with its file
//   migrations      every file in supabase/migrations
//   squashed        the versions squashed into the baseline (supabase/squashed-migrations.txt,
//                   written by the since-retired squash script)
//   privileges      what anon and authenticated may reach (supabase/lint/api-privileges.json)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { readAllowList } from '../../local/db/privilege-lint.ts';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** Function secrets with a working default: check:live does not ask for them. */
export const OPTIONAL_SECRETS: Record<string, string> = {
  RESEND_API_URL: 'the e-mail API; default https://api.resend.com',
  GATEWAYAPI_TOKEN:
    'SMS to customers who tick "Send mig SMS" (GatewayAPI); without it no SMS is sent (docs/owner.md)',
  GATEWAYAPI_URL: 'the SMS API; default https://gatewayapi.eu',
  SMS_SENDER: 'the sender an SMS shows, at most 11 letters or digits; default Glanspunkt',
  OWNER_CALENDAR_SECRET:
    "the owner's calendar feed; without it (or under 32 characters) the feed is off",
  CLIENT_IP_HEADER: "the header that carries the client's address; default cf-connecting-ip",
  CLIENT_IP_TRUSTED_HOPS:
    'with x-forwarded-for: how many proxies of your own append to it; default 1',
  LEGACY_API_KEYS:
    'off once the legacy anon/service_role keys are turned off in the dashboard; default on',
  SECRET_KEY_NAME:
    "which of the project's secret keys the functions use for the database; default `default`",
};

/** Supabase sets these for every function itself. */
export function isPlatformSecret(name: string): boolean {
  return name.startsWith('SUPABASE_') || name.startsWith('SB_') || name.startsWith('DENO_');
}

export interface CronRequirement {
  name: string;
  schedule: string;
  /** The migration that schedules it (re-running it is the fix: it is idempotent). */
  file: string;
}

export interface Requirements {
  functions: string[];
  secrets: string[];
  optionalSecrets: string[];
  vaultSecrets: string[];
  cronJobs: CronRequirement[];
  migrations: { version: string; file: string }[];
  /** Versions of migrations squashed into the baseline (a project that ran them is repaired once). */
  squashed: string[];
  /** The privilege lint's allow-list: finding -> reason. */
  privileges: Record<string, string>;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx|js|mjs)$/.test(e.name) && !/\.test\./.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

const ENV_READ = /(?:Deno\.env\.get|\benv)\(\s*['"`]([A-Z][A-Z0-9_]*)['"`]\s*\)/g;
const VAULT_READ =
  /vault\.decrypted_secrets(?:\s+(?:as\s+)?\w+)?\s+where\s+(?:\w+\.)?name\s*=\s*'([^']+)'/gi;
const CRON_SCHEDULE = /cron\.schedule\(\s*'([^']+)'\s*,\s*'([^']+)'/g;

export function readRequirements(root: string = ROOT): Requirements {
  const functionsDir = path.join(root, 'supabase', 'functions');
  const functions = readdirSync(functionsDir, { withFileTypes: true })
    .filter(
      (d) =>
        d.isDirectory() &&
        !d.name.startsWith('_') &&
        !d.name.startsWith('.') &&
        existsSync(path.join(functionsDir, d.name, 'index.ts')),
    )
    .map((d) => d.name)
    .sort();

  const names = new Set<string>();
  for (const file of sourceFiles(functionsDir)) {
    for (const m of readFileSync(file, 'utf8').matchAll(ENV_READ)) names.add(m[1]!);
  }
  const all = [...names].filter((n) => !isPlatformSecret(n)).sort();
  const secrets = all.filter((n) => !(n in OPTIONAL_SECRETS));
  const optionalSecrets = all.filter((n) => n in OPTIONAL_SECRETS);

  const migrationsDir = path.join(root, 'supabase', 'migrations');
  const migrations = readdirSync(migrationsDir)
    .filter((f) => /^\d{14}_.+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.slice(0, 14), file: `supabase/migrations/${f}` }));
  const vault = new Set<string>();
  const cron = new Map<string, CronRequirement>();
  for (const m of migrations) {
    // comments may quote SQL; only statements count
    const sql = readFileSync(path.join(root, m.file), 'utf8').replace(/--.*$/gm, '');
    for (const v of sql.matchAll(VAULT_READ)) vault.add(v[1]!);
    for (const c of sql.matchAll(CRON_SCHEDULE))
      cron.set(c[1]!, { name: c[1]!, schedule: c[2]!, file: m.file });
  }
  const squashedFile = path.join(root, 'supabase', 'squashed-migrations.txt');
  const squashed = existsSync(squashedFile)
    ? readFileSync(squashedFile, 'utf8')
        .split('\n')
        .filter((l) => /^\d{14}_/.test(l))
        .map((l) => l.slice(0, 14))
    : [];
  return {
    functions,
    secrets,
    optionalSecrets,
    vaultSecrets: [...vault].sort(),
    cronJobs: [...cron.values()].sort((a, b) => a.name.localeCompare(b.name)),
    migrations,
    squashed,
    privileges: readAllowList(),
  };
}
