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
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
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
import {
  clientAddressConfig,
  describeClientAddress,
} from '../../supabase/functions/_shared/client-address.ts';
import { checkLive } from './run.ts';
import { readRequirements, ROOT } from './requirements.ts';
import { evaluate, type CheckItem } from './check.ts';
import { clientAddressItems, MADE_UP_ADDRESS_HEADERS } from './client-address.ts';
import { bundleItem, readSiteBundle } from './site-bundle.ts';

const run = promisify(execFile);
const requirements = readRequirements();
const ENV_NAMES = [...requirements.secrets, ...requirements.optionalSecrets];

function configWithAuth(dir: string, auth: string, email = ''): string {
  let base = readFileSync(path.join(ROOT, 'supabase', 'config.toml'), 'utf8');
  // [auth]'s keys up to its first array (additional_redirect_urls), then [auth.email]'s
  base = base.replace(/\[auth\]\n(?:(?!additional_redirect_urls)[^\n]*\n)*/, `[auth]\n${auth}\n`);
  // [auth.email]'s own keys, each replaced where config.toml sets it
  for (const line of email.split('\n').filter(Boolean)) {
    const key = line.split('=')[0]!.trim();
    base = base.replace(new RegExp(`^${key} = .*$`, 'm'), line);
  }
  const file = path.join(dir, `config-${Math.random().toString(36).slice(2)}.toml`);
  writeFileSync(file, base);
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

/**
 * A built site in miniature, as a static host serves it: /contact loads an entry script, which
 * lists the booking form's chunk in Vite's preload map and imports another one lazily; the form's
 * chunk holds the Supabase URL the build was given (and, as every build does, the local fallback).
 */
async function fixtureSite(supabaseUrl: string | null): Promise<{ url: string; close(): void }> {
  const files: Record<string, string> = {
    '/contact': `<!doctype html><html><head><link rel="modulepreload" href="/assets/entry-A1.js"><script type="module" src="/assets/entry-A1.js"></script></head><body><script>import("/assets/route-contact-D4.js")</script></body></html>`,
    '/assets/entry-A1.js': `const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=["assets/booking-form-B2.js"])))=>i.map(i=>d[i]);import("./lazy-C3.js");`,
    '/assets/route-contact-D4.js': 'export default function Contact(){}',
    '/assets/lazy-C3.js': 'export const x=1;',
    '/assets/booking-form-B2.js': `const e={BASE_URL:"/",MODE:"production"${supabaseUrl ? `,VITE_SUPABASE_URL:"${supabaseUrl}"` : ''}};const u=e.VITE_SUPABASE_URL??"http://127.0.0.1:54321";`,
  };
  const server: Server = createServer((req, res) => {
    const body = files[new URL(req.url ?? '/', 'http://x').pathname];
    if (body === undefined) res.writeHead(404).end('Not found');
    else res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => server.close(),
  };
}

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
      // sign-ups open, addresses not confirmed: a project set up for public sign-up
      configFile: configWithAuth(
        dir,
        'enabled = true\nenable_signup = true',
        'enable_confirmations = false',
      ),
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
    expect(da).toContain('Auth: e-mail-adresser godkendes uden bekræftelse');
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
    // every placeholder link by name, the Facebook videos of the portfolio page too
    const placeholderLine = da.find((d) => d.startsWith('Pladsholdere i forretningsoplysningerne'));
    expect(placeholderLine).toContain('Facebook-link');
    expect(placeholderLine).toContain('Instagram-link');
    expect(placeholderLine).toContain('Facebook-videoer');
    for (const item of missing) {
      expect(item.en.length, item.da).toBeGreaterThan(0);
      expect(item.fix, item.da).toMatch(/^\S.*$/);
    }
    // the optional secret with a default is not asked for
    expect(da.join('\n')).not.toContain('RESEND_API_URL');
  });

  it('lists the address headers the local gateway sets, and finds the default setting right', () => {
    const lines = items.filter((i) => /CLIENT_IP_HEADER|Adresse-headere/.test(i.da));
    expect(lines).toEqual([
      {
        ok: true,
        da: expect.stringMatching(
          /^Adresse-headere ved funktionerne \(lokal gateway\): cf-connecting-ip \(én privat adresse, sat af den lokale gateway\), x-real-ip \(én privat adresse, sat af den lokale gateway\), x-forwarded-for \(den lokale gateway føjer 1 adresse til klientens\); klientens egen tekst sendes uændret videre i true-client-ip, /,
        ),
        en: expect.stringContaining(
          'cf-connecting-ip (one private address, set by the local gateway)',
        ),
      },
      {
        ok: true,
        da: 'CLIENT_IP_HEADER=cf-connecting-ip giver den lokale adresse 127.0.0.1 (forbindelsens, som den lokale gateway sætter)',
        en: "CLIENT_IP_HEADER=cf-connecting-ip yields the connection's address, as the local gateway sets it",
      },
    ]);
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
  let site: Awaited<ReturnType<typeof fixtureSite>>;

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
    // the deployed site, built with this project's URL
    site = await fixtureSite(stack.url);
  });
  afterAll(async () => {
    site?.close();
    await stack?.stop();
    restoreEnv?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('reports nothing missing', async () => {
    const items = await checkLive({
      url: stack.url,
      serviceKey: stack.secretKey,
      placeholders: [],
      siteUrl: site.url,
    });
    expect(failed(items)).toEqual([]);
    expect(items).toContainEqual({
      ok: true,
      da: `Hjemmesidens kode taler med projektet ${stack.url} (4 scripts læst fra ${site.url}/contact)`,
      en: "the site's bundle points at this project",
    });
    const da = items.map((i) => i.da);
    expect(da).toContain('Alle migrationer er kørt');
    for (const job of requirements.cronJobs)
      expect(da).toContain(`Planlagt job ${job.name} (${job.schedule})`);
    for (const name of requirements.secrets) expect(da).toContain(`Hemmelighed ${name} er sat`);
    expect(da).toContain('Afsenderdomæne glanspunkt.dk');
    expect(da).toContain('Auth: oprettelse af brugere er slået fra');
    expect(da).toContain('Auth: ejeren kan logge ind med en kode på e-mail');
    expect(da).toContain('Auth: e-mail-adresser skal bekræftes');
    expect(da).toContain('Auth: log ind med telefon er slået fra');
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

  it('live-check tells the caller which address headers reached it, and what the setting takes', async () => {
    const res = await fetch(`${stack.url}/functions/v1/live-check`, {
      method: 'POST',
      headers: {
        ...keyHeaders(stack.secretKey),
        'Content-Type': 'application/json',
        'X-Forwarded-For': '198.51.100.1',
        'True-Client-IP': '10.1.2.3, 198.51.100.2',
      },
      body: JSON.stringify({ names: [] }),
    });
    const body = (await res.json()) as { clientAddress: ReturnType<typeof describeClientAddress> };
    const byName = Object.fromEntries(body.clientAddress.headers.map((h) => [h.name, h]));
    expect(byName['cf-connecting-ip']).toEqual({
      name: 'cf-connecting-ip',
      shape: 'private',
      entries: [{ value: '127.0.0.1', kind: 'private' }],
    });
    expect(byName['x-forwarded-for']!.entries.map((e) => e.value)).toEqual([
      '198.51.100.1',
      '127.0.0.1',
    ]);
    expect(byName['true-client-ip']!.shape).toBe('list');
    expect(byName['fly-client-ip']).toEqual({ name: 'fly-client-ip', shape: 'none', entries: [] });
    expect(body.clientAddress.configured).toEqual({
      header: 'cf-connecting-ip',
      trustedHops: 1,
      address: '127.0.0.1',
      kind: 'private',
    });
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
        auth: {
          signupsOpen: false,
          emailSignIn: true,
          emailAutoconfirm: false,
          phoneSignIn: false,
        },
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

describe('which client-address setting check:live asks for', () => {
  const made = (name: string) => MADE_UP_ADDRESS_HEADERS[name]!;
  const VISITOR = '81.7.11.5';
  /** What a function with CLIENT_IP_HEADER=header would report for these arriving headers. */
  const arrive = (headers: Record<string, string>, header?: string, hops?: string) =>
    describeClientAddress(
      new Headers(headers),
      clientAddressConfig((n) =>
        n === 'CLIENT_IP_HEADER' ? header : n === 'CLIENT_IP_TRUSTED_HOPS' ? hops : undefined,
      ),
    );
  /** The client's own text passes through every header the platform does not touch. */
  const passedThrough = (except: string[]) =>
    Object.fromEntries(
      Object.keys(MADE_UP_ADDRESS_HEADERS)
        .filter((n) => !except.includes(n))
        .map((n) => [n, made(n)]),
    );
  const verdict = (
    plain: Record<string, string>,
    probe: Record<string, string>,
    header?: string,
    hops?: string,
  ) =>
    clientAddressItems({
      plain: arrive(plain, header, hops),
      probe: arrive(probe, header, hops),
      local: false,
    })[1]!;

  it('accepts cf-connecting-ip where the platform overwrites it (Cloudflare in front)', () => {
    const item = verdict(
      { 'cf-connecting-ip': VISITOR, 'x-forwarded-for': VISITOR },
      {
        ...passedThrough(['cf-connecting-ip', 'x-forwarded-for']),
        'cf-connecting-ip': VISITOR,
        'x-forwarded-for': `${made('x-forwarded-for')}, ${VISITOR}`,
      },
    );
    expect(item).toEqual({
      ok: true,
      da: `CLIENT_IP_HEADER=cf-connecting-ip giver den besøgendes adresse (${VISITOR}), som klienten ikke selv kan skrive`,
      en: "CLIENT_IP_HEADER=cf-connecting-ip yields the visitor's address, which the client cannot write",
    });
  });

  it('asks for X-Forwarded-For with the hops the platform adds when cf-connecting-ip does not arrive', () => {
    const probe = {
      ...passedThrough(['cf-connecting-ip', 'x-forwarded-for', 'x-real-ip']),
      'x-forwarded-for': `${made('x-forwarded-for')}, ${VISITOR}, 10.0.0.7`,
      'x-real-ip': '10.0.0.7',
    };
    const plain = { 'x-forwarded-for': `${VISITOR}, 10.0.0.7`, 'x-real-ip': '10.0.0.7' };
    const missing = verdict(plain, probe);
    expect(missing).toMatchObject({
      ok: false,
      da: 'CLIENT_IP_HEADER=cf-connecting-ip giver ingen brugbar adresse: bookinger tælles uden grænserne pr. adresse',
    });
    expect(missing.fix).toBe(
      `npx supabase secrets set --project-ref <ref> CLIENT_IP_HEADER=x-forwarded-for CLIENT_IP_TRUSTED_HOPS=2   (gives ${VISITOR}, your address as the platform saw it)`,
    );
    // x-real-ip holds the last proxy's address: every visitor would share it
    expect(verdict(plain, probe, 'x-real-ip')).toMatchObject({
      ok: false,
      da: 'CLIENT_IP_HEADER=x-real-ip giver en privat adresse (10.0.0.7): en proxy, ikke den besøgende, så alle deler én tæller',
      fix: expect.stringContaining('CLIENT_IP_TRUSTED_HOPS=2'),
    });
    // one hop too few takes the proxy, one too many the client's own text
    expect(verdict(plain, probe, 'x-forwarded-for', '1').ok).toBe(false);
    expect(verdict(plain, probe, 'x-forwarded-for', '3')).toMatchObject({
      ok: false,
      da: expect.stringContaining('giver en adresse, klienten selv har skrevet'),
    });
    expect(verdict(plain, probe, 'x-forwarded-for', '2').ok).toBe(true);
  });

  it("refuses a header that passes the client's own text through", () => {
    const item = verdict(
      { 'cf-connecting-ip': VISITOR },
      { ...passedThrough(['cf-connecting-ip']), 'cf-connecting-ip': VISITOR },
      'true-client-ip',
    );
    expect(item).toMatchObject({
      ok: false,
      da: `CLIENT_IP_HEADER=true-client-ip giver en adresse, klienten selv har skrevet (${made('true-client-ip')}): enhver kan vælge sin egen tæller`,
      fix: `npx supabase secrets set --project-ref <ref> CLIENT_IP_HEADER=cf-connecting-ip   (gives ${VISITOR}, your address as the platform saw it)`,
    });
  });

  it('says when no header carries the visitor, and when it could not try made-up values', () => {
    const none = verdict({}, passedThrough([]));
    expect(none.ok).toBe(false);
    expect(none.fix).toMatch(/^no header carries your address: ask Supabase support/);
    const untried = clientAddressItems({
      plain: arrive({ 'cf-connecting-ip': VISITOR }),
      probe: null,
      probeError: 'HTTP 403',
      local: false,
    });
    expect(untried[0]!.en).toContain('(not tried with made-up values: HTTP 403)');
    expect(untried[1]).toMatchObject({
      ok: true,
      da: `CLIENT_IP_HEADER=cf-connecting-ip giver den besøgendes adresse (${VISITOR}), som klienten ikke selv kan skrive (ikke prøvet med opdigtede headere)`,
    });
  });
});

describe("check:live reads the deployed site's bundle", () => {
  const PROJECT = 'https://abcdefghijklmnopqrst.supabase.co';
  const check = async (built: string | null, page = '/') => {
    const site = await fixtureSite(built);
    try {
      return bundleItem(await readSiteBundle(`${site.url}${page}`, PROJECT));
    } finally {
      site.close();
    }
  };

  it('finds the project in a chunk the booking page loads lazily', async () => {
    expect(await check(PROJECT)).toMatchObject({
      ok: true,
      da: expect.stringMatching(
        /^Hjemmesidens kode taler med projektet https:\/\/abcdefghijklmnopqrst\.supabase\.co \(4 scripts læst fra /,
      ),
    });
  });

  it('names the stand-in of a build without VITE_SUPABASE_URL, and another project', async () => {
    expect(await check(null)).toEqual({
      ok: false,
      da: `Hjemmesidens kode taler med en lokal erstatning (http://127.0.0.1:54321), ikke med ${PROJECT}: den er bygget uden VITE_SUPABASE_URL`,
      en: "the site's bundle points at a local stand-in: built without VITE_SUPABASE_URL",
      fix: expect.stringContaining('VITE_SUPABASE_URL'),
    });
    expect(await check('https://tsrqponmlkjihgfedcba.supabase.co')).toMatchObject({
      ok: false,
      da: `Hjemmesidens kode taler med et andet projekt: https://tsrqponmlkjihgfedcba.supabase.co (ikke ${PROJECT})`,
    });
  });

  it('says when the site cannot be read', async () => {
    const site = await fixtureSite(PROJECT);
    site.close();
    const item = bundleItem(await readSiteBundle(site.url, PROJECT));
    expect(item.ok).toBe(false);
    expect(item.da).toMatch(
      /^Hjemmesidens kode kan ikke læses fra http:\/\/127\.0\.0\.1:\d+\/contact: /,
    );
  });
});
