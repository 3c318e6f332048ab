import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../db/migrate.ts';
import { buildServer, refuseStandInBuild } from './stand-in-build.ts';

const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');

function run(
  script: string,
  env: Record<string, string>,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [path.join(ROOT, 'local', 'cli', script)],
      { cwd: ROOT, env: { ...process.env, ...env }, timeout: 90_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('stack CLI errors are one clear line and a non-zero exit', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'cli-test-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  for (const { title, variable, env } of [
    {
      title: 'names a taken port',
      variable: 'PORT',
      env: (port: number) => ({ PORT: String(port), LOCAL_DB: 'memory' }),
    },
    {
      title: 'names a taken gateway port',
      variable: 'SUPABASE_PORT',
      env: (port: number) => ({ PORT: '0', SUPABASE_PORT: String(port), LOCAL_DB: 'memory' }),
    },
  ])
    it(title, async () => {
      const blocker: Server = createServer();
      await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', () => resolve()));
      const port = (blocker.address() as { port: number }).port;
      try {
        const result = await run('dev.ts', env(port));
        expect(result.code).toBe(1);
        expect(result.stderr.trim()).toBe(
          `error: port ${port} on 127.0.0.1 is already in use (set ${variable} to another port)`,
        );
      } finally {
        blocker.close();
      }
    });

  it('names a missing Deno', async () => {
    const result = await run('dev.ts', {
      PORT: '0',
      SUPABASE_PORT: '0',
      LOCAL_DB: 'memory',
      DENO_BIN: path.join(tmp, 'no-deno'),
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toMatch(/^error: Deno not found at .*no-deno: run npm install/);
  });

  it('names a broken migration', async () => {
    const project = path.join(tmp, 'supabase');
    mkdirSync(path.join(project, 'migrations'), { recursive: true });
    writeFileSync(
      path.join(project, 'migrations', '20260101000000_ok.sql'),
      'create table public.t (id int primary key);',
    );
    writeFileSync(
      path.join(project, 'migrations', '20260102000000_broken.sql'),
      'create tabel oops;',
    );
    const broken = await run('dev.ts', {
      PORT: '0',
      SUPABASE_PORT: '0',
      LOCAL_DB: 'memory',
      SUPABASE_DIR: project,
    });
    expect(broken.code).toBe(1);
    expect(broken.stderr.trim().split('\n')).toHaveLength(1);
    expect(broken.stderr).toMatch(
      /^error: .*20260102000000_broken\.sql failed: syntax error at or near "tabel"/,
    );
  });
});

describe('npm run build refuses to ship a stand-in from a build server', () => {
  const NO_SERVER = { CI: '', NETLIFY: '', VERCEL: '', CF_PAGES: '' };

  it('stops on Netlify without VITE_SUPABASE_URL with one line naming it, before starting anything', async () => {
    const result = await run('build.ts', {
      ...NO_SERVER,
      NETLIFY: 'true',
      VITE_SUPABASE_URL: '',
      VITE_SUPABASE_PUBLISHABLE_KEY: '',
      VITE_SUPABASE_ANON_KEY: '',
    });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toEqual([
      "build: VITE_SUPABASE_URL mangler på Netlify – sitet ville tale med en lokal erstatning (http://127.0.0.1:54321) med testpriser; sæt VITE_SUPABASE_URL og VITE_SUPABASE_PUBLISHABLE_KEY i værtens miljøvariabler  (VITE_SUPABASE_URL is not set on Netlify: the site would talk to a local stand-in with seed prices; set it in the host's environment variables, or run npm run build:local to build against the embedded stack on purpose)",
    ]);
  });

  it('knows the build servers by the variables each documents (Netlify, Vercel, Cloudflare Pages, CI)', () => {
    expect(buildServer({ NETLIFY: 'true' })).toBe('Netlify');
    expect(buildServer({ VERCEL: '1', CI: '1' })).toBe('Vercel');
    expect(buildServer({ CF_PAGES: '1' })).toBe('Cloudflare Pages');
    expect(buildServer({ CI: 'true' })).toBe('CI');
    expect(buildServer({ CI: 'false', NETLIFY: '' })).toBeNull();
    expect(buildServer({})).toBeNull();
  });

  it('refuses only an unintended stand-in: a local URL on a build server without --local', () => {
    const none = {};
    const local = { VITE_SUPABASE_URL: 'http://localhost:54321' };
    const hosted = { VITE_SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co' };
    expect(refuseStandInBuild({ VERCEL: '1' }, none, [])).toMatch(
      /^build: VITE_SUPABASE_URL mangler på Vercel – .*\(VITE_SUPABASE_URL is not set on Vercel: /,
    );
    expect(refuseStandInBuild({ CI: 'true' }, local, [])).toMatch(
      /^build: VITE_SUPABASE_URL er http:\/\/localhost:54321 i CI – /,
    );
    // a developer's machine, a hosted project, or the embedded stack on purpose
    expect(refuseStandInBuild({}, none, [])).toBeNull();
    expect(refuseStandInBuild({ NETLIFY: 'true' }, hosted, [])).toBeNull();
    expect(refuseStandInBuild({ CI: 'true' }, none, ['--local'])).toBeNull();
  });

  it("the repository's own CI builds against the embedded stack on purpose (npm run build:local)", () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts['build:local']).toBe('tsx local/cli/build.ts --local');
    // --seed: the pages read a fresh seeded database, the data the end-to-end stack serves
    expect(pkg.scripts['test:e2e']).toMatch(/^npm run build:local -- --seed && playwright test$/);
  });
});
