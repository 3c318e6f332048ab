// npm run check:live against the embedded stack: first a project with everything a fresh local stack
// lacks (each item listed with its fix, exit code 1), asked with the legacy service_role key and
// (npm run check:live) with a secret key; then a project where a test has set every item
// (PostgreSQL 15 with pg_cron, Vault secrets, function secrets, sign-ups off, business facts filled
// in) and turned the legacy keys off, asked with a secret key only: nothing missing.
//
// pg_net and Supabase Vault are not packaged for Debian: the second database gets the test-only
// stand-ins of local/testing/fixtures/hosted-stand-ins.sql (a plain-text vault, a recording
// net.http_post).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  installHostedStandIns,
  keyHeaders,
  startTestStack,
  type TestStack,
} from '../../local/testing/index.ts';
import { checkLive } from './run.ts';
import { readRequirements, ROOT } from './requirements.ts';
import { evaluate, type CheckItem } from './check.ts';

const run = promisify(execFile);
const requirements = readRequirements();
const ENV_NAMES = [...requirements.secrets, ...requirements.optionalSecrets];

function configWithAuth(dir: string, auth: string): string {
  const base = readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8');
  const file = path.join(dir, `config-${Math.random().toString(36).slice(2)}.toml`);
  writeFileSync(file, base.replace(/\[auth\][^[]*/, `[auth]\n${auth}\n\n`));
  return file;
}

/** Sets the functions' environment for the next stack (Deno inherits process.env). */
function setFunctionEnv(values: Record<string, string>): () => void {
  const saved = new Map(ENV_NAMES.map((n) => [n, process.env[n]]));
  for (const n of ENV_NAMES) delete process.env[n];
  Object.assign(process.env, values);
  return () => {
    for (const [n, v] of saved) {
      if (v === undefined) delete process.env[n];
      else process.env[n] = v;
    }
  };
}

const failed = (items: CheckItem[]) => items.filter((i) => !i.ok);

/** The first of the migrations squashed into the baseline (supabase/squashed-migrations.txt). */
const PRE_SQUASH_VERSION = requirements.squashed[0]!;

describe('check:live on a fresh embedded stack', () => {
  let stack: TestStack;
  let dir: string;
  let restoreEnv: () => void;
  let items: CheckItem[];
  const droppedVersion = requirements.migrations.at(-1)!.version;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'check-live-'));
    // what npm run dev gives the functions: the local mailbox, local addresses
    restoreEnv = setFunctionEnv({
      RESEND_API_URL: 'http://127.0.0.1:9/',
      EMAIL_FROM: 'Glanspunkt <booking@glanspunkt.local>',
      OWNER_EMAIL: 'ejer@glanspunkt.local',
      SITE_URL: 'http://127.0.0.1:5173',
    });
    stack = await startTestStack({
      backend: 'pglite',
      configFile: configWithAuth(dir, 'enabled = true\nenable_signup = true'),
    });
    // as if the last migration had not been pushed yet
    await stack.query('delete from supabase_migrations.schema_migrations where version = $1', [
      droppedVersion,
    ]);
    // and as if the history from before the squash had not been repaired (docs/deploy.md)
    await stack.query(
      `insert into supabase_migrations.schema_migrations (version, name) values ($1, 'data_model')`,
      [PRE_SQUASH_VERSION],
    );
    // and as if a migration had opened an internal function and closed one the site needs
    await stack.query(`
      grant execute on function public.live_status() to anon;
      revoke select on public.opening_hours from authenticated;
    `);
    // the legacy service_role key still works while the legacy keys are on
    items = await checkLive({ url: stack.url, serviceKey: stack.serviceRoleKey });
  });
  afterAll(async () => {
    await stack?.stop();
    restoreEnv?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('lists every missing item, Danish first, each with a one-line fix', () => {
    const missing = failed(items);
    const da = missing.map((i) => i.da);
    expect(da).toContain(`Migrationer mangler: ${droppedVersion}`);
    // one old version only: the others must be pushed before the repair
    expect(da).toContain(
      `Migrationshistorikken er fra før sammenlægningen, og ${requirements.squashed.length - 1} af de gamle migrationer mangler: kør dem først`,
    );
    expect(da).toContain('pg_cron er ikke slået til: ingen planlagte job');
    for (const job of requirements.cronJobs)
      expect(da).toContain(`Planlagt job mangler eller er forkert: ${job.name} (${job.schedule})`);
    expect(da).toContain('pg_net er ikke slået til');
    for (const name of requirements.vaultSecrets)
      expect(da).toContain(`Vault-hemmelighed mangler: ${name}`);
    expect(da).toContain('Hemmelighed mangler: RESEND_API_KEY');
    expect(da).toContain('Hemmelighed mangler: EMAIL_PROCESSOR_SECRET');
    expect(da).toContain('Afsenderdomænet er ikke et rigtigt domæne: glanspunkt.local');
    expect(da).toContain('Ejerens e-mailadresse er en pladsholder: ejer@glanspunkt.local');
    expect(da).toContain(
      'Hjemmesidens adresse er ikke en rigtig https-adresse: http://127.0.0.1:5173',
    );
    expect(da).toContain('Auth: nye brugere kan oprette sig');
    expect(da).toContain(
      'Åben for offentligheden, men ikke på listen: anon: execute function public.live_status()',
    );
    expect(da).toContain(
      'Siden mangler en adgang: authenticated: select on table public.opening_hours',
    );
    expect(da.some((d) => d.startsWith('Den offentlige nøgle når præcis det'))).toBe(false);
    expect(da.some((d) => d.startsWith('Pladsholdere i forretningsoplysningerne: navn'))).toBe(
      true,
    );
    for (const item of missing) {
      expect(item.en.length, item.da).toBeGreaterThan(0);
      expect(item.fix, item.da).toMatch(/^\S.*$/);
    }
    // the optional secret with a default is not asked for
    expect(da.join('\n')).not.toContain('RESEND_API_URL');
  });

  it('says what is in place: every function folder is deployed on the stack', () => {
    for (const name of requirements.functions) {
      expect(items).toContainEqual({
        ok: true,
        da: `Funktion ${name} er udrullet`,
        en: `function ${name} deployed`,
      });
    }
  });

  it('npm run check:live prints the checklist and exits 1 while anything is missing', async () => {
    const result = await run(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(ROOT, 'scripts', 'check-live.ts')],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          SUPABASE_URL: stack.url,
          SUPABASE_SECRET_KEY: stack.secretKey,
          SUPABASE_SERVICE_ROLE_KEY: '',
        },
      },
    ).then(
      () => ({ code: 0, stdout: '' }),
      (error: { code: number; stdout: string }) => error,
    );
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      `✗ Migrationer mangler: ${droppedVersion}  (migrations not applied)`,
    );
    expect(result.stdout).toContain('    → npx supabase db push');
    expect(result.stdout).toMatch(/\d+ mangler {2}\(\d+ missing\)\n?$/);
  });
});

describe('check:live once everything is set', () => {
  let stack: TestStack;
  let dir: string;
  let restoreEnv: () => void;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'check-live-'));
    const values: Record<string, string> = {};
    for (const name of requirements.secrets) values[name] = `test-value-${name.toLowerCase()}`;
    Object.assign(values, {
      RESEND_API_KEY: 're_test_key',
      EMAIL_FROM: 'Glanspunkt <booking@glanspunkt.dk>',
      OWNER_EMAIL: 'kontakt@glanspunkt.dk',
      SITE_URL: 'https://www.glanspunkt.dk',
    });
    restoreEnv = setFunctionEnv(values);
    stack = await startTestStack({
      backend: 'postgres',
      cron: true,
      configFile: configWithAuth(dir, 'enabled = true\nenable_signup = false'),
      // a project that turned its legacy keys off: check:live needs only the secret key
      legacyKeys: false,
    });
    await installHostedStandIns(stack.database.db);
    for (const name of requirements.vaultSecrets) {
      await stack.query('select vault.create_secret($1, $2)', [
        `https://example.org/${name}`,
        name,
      ]);
    }
  });
  afterAll(async () => {
    await stack?.stop();
    restoreEnv?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports nothing missing', async () => {
    const items = await checkLive({
      url: stack.url,
      serviceKey: stack.secretKey,
      placeholders: [],
    });
    expect(failed(items)).toEqual([]);
    const da = items.map((i) => i.da);
    expect(da).toContain('Alle migrationer er kørt');
    for (const job of requirements.cronJobs)
      expect(da).toContain(`Planlagt job ${job.name} (${job.schedule})`);
    for (const name of requirements.secrets) expect(da).toContain(`Hemmelighed ${name} er sat`);
    expect(da).toContain('Afsenderdomæne glanspunkt.dk');
    expect(da).toContain('Auth: oprettelse af brugere er slået fra');
    expect(da).toContain(
      `Den offentlige nøgle når præcis det, listen tillader (${Object.keys(requirements.privileges).length} adgange)`,
    );
  });

  it('a legacy key is refused once the legacy keys are off', async () => {
    const items = await checkLive({
      url: stack.url,
      serviceKey: stack.serviceRoleKey,
      placeholders: [],
    });
    const refused = failed(items).filter((i) => i.en.includes('Legacy API keys are disabled'));
    expect(refused.length).toBeGreaterThan(0);
  });

  it('live-check answers only a secret key, and only whether names are set', async () => {
    const liveCheck = (key: string, names: string[]) =>
      fetch(`${stack.url}/functions/v1/live-check`, {
        method: 'POST',
        headers: { ...keyHeaders(key), 'Content-Type': 'application/json' },
        body: JSON.stringify({ names }),
      });
    expect((await liveCheck(stack.publishableKey, ['RESEND_API_KEY'])).status).toBe(401);
    expect((await liveCheck(stack.serviceRoleKey, ['RESEND_API_KEY'])).status).toBe(401);
    expect((await liveCheck(stack.secretKey, ['lower-case'])).status).toBe(400);
    const ok = await liveCheck(stack.secretKey, ['RESEND_API_KEY', 'NOT_SET_ANYWHERE']);
    const body = (await ok.json()) as Record<string, unknown>;
    expect(body.set).toEqual({ RESEND_API_KEY: true, NOT_SET_ANYWHERE: false });
    expect(JSON.stringify(body)).not.toContain('re_test_key');
  });
});

describe('requirements are read from the code', () => {
  it('finds the function folders, secrets, Vault secrets and jobs', () => {
    expect(requirements.functions).toEqual(
      expect.arrayContaining(['create-booking', 'process-email-outbox', 'live-check']),
    );
    expect(requirements.secrets).toEqual(
      expect.arrayContaining(['RESEND_API_KEY', 'EMAIL_FROM', 'OWNER_EMAIL', 'SITE_URL']),
    );
    expect(requirements.secrets.some((s) => s.startsWith('SUPABASE_'))).toBe(false);
    expect(requirements.optionalSecrets).toContain('RESEND_API_URL');
    expect(requirements.vaultSecrets).toEqual(
      expect.arrayContaining(['project_url', 'email_processor_secret', 'site_build_hook_url']),
    );
    expect(requirements.cronJobs.map((j) => j.name)).toEqual(
      expect.arrayContaining(['process-email-outbox', 'run-retention', 'site-rebuild']),
    );
  });
});

describe('a project whose history is from before the squash', () => {
  const status = (migrations: string[]) => ({
    migrations,
    cron: [],
    cronFailures: [],
    vault: [],
    pgNet: true,
    siteRebuildError: null,
  });
  const migrationItems = (migrations: string[]) =>
    evaluate(
      requirements,
      {
        status: status(migrations),
        functions: {},
        secrets: null,
        privileges: [],
        signupsOpen: false,
      },
      [],
    ).filter((i) => /^(Migration|Alle migrationer)/.test(i.da));

  it('lists the squashed versions and sorts the baseline after each of them', () => {
    expect(requirements.squashed.length).toBeGreaterThan(20);
    const first = requirements.migrations[0]!.version;
    expect(requirements.migrations[0]!.file).toMatch(/_baseline\.sql$/);
    for (const v of requirements.squashed) expect(v < first).toBe(true);
  });

  it('asks for the repair once every squashed migration ran, and for the old push before', () => {
    const repaired = requirements.migrations.map((m) => m.version);
    expect(migrationItems(repaired).map((i) => i.ok)).toEqual([true]);
    const [, repair] = migrationItems(requirements.squashed);
    expect(repair).toMatchObject({
      ok: false,
      da: 'Migrationshistorikken er fra før sammenlægningen til én baseline: reparér den én gang',
    });
    expect(repair!.fix).toContain('migration repair');
    const [, pushFirst] = migrationItems(requirements.squashed.slice(1));
    expect(pushFirst!.da).toBe(
      'Migrationshistorikken er fra før sammenlægningen, og 1 af de gamle migrationer mangler: kør dem først',
    );
  });
});
