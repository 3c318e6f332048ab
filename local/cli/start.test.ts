import { execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../db/migrate.ts';
import { ANON_KEY, PUBLISHABLE_KEY, SECRET_KEY } from '../keys.ts';
import { freePort } from '../net.ts';

describe('npm start', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'start-test-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  it('serves the build and the stack, prints both URLs, and Ctrl-C stops everything', async () => {
    mkdirSync(path.join(tmp, 'build', 'client', 'about'), { recursive: true });
    writeFileSync(path.join(tmp, 'build', 'client', 'index.html'), '<h1>Forside</h1>');
    writeFileSync(path.join(tmp, 'build', 'client', 'about', 'index.html'), '<h1>Om os</h1>');
    writeFileSync(path.join(tmp, 'build', 'client', '404.html'), '<h1>Siden findes ikke</h1>');
    mkdirSync(path.join(tmp, 'supabase', 'migrations'), { recursive: true });
    writeFileSync(
      path.join(tmp, 'supabase', 'migrations', '20260101000000_t.sql'),
      'create table public.t (id int primary key); alter table public.t enable row level security;\n' +
        'create policy t_read on public.t for select to anon using (true); grant select on public.t to anon;\n' +
        'insert into public.t values (7);',
    );
    const sitePort = await freePort();
    const supabasePort = await freePort();
    const child = spawn(
      path.join(ROOT, 'node_modules', '.bin', 'tsx'),
      [path.join(ROOT, 'local', 'cli', 'start.ts')],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          PORT: String(sitePort),
          SUPABASE_PORT: String(supabasePort),
          LOCAL_DB: 'memory',
          BUILD_DIR: path.join(tmp, 'build'),
          SUPABASE_DIR: path.join(tmp, 'supabase'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    try {
      const deadline = Date.now() + 90_000;
      while (!output.includes('Site:') && Date.now() < deadline && child.exitCode === null) {
        await new Promise((r) => setTimeout(r, 200));
      }
      expect(output).toContain(`Supabase gateway:  http://127.0.0.1:${supabasePort}`);
      expect(output).toContain(`Site:              http://127.0.0.1:${sitePort}/`);
      expect(output).toContain(`Publishable key:   ${PUBLISHABLE_KEY}`);
      expect(output).toContain(`Secret key:        ${SECRET_KEY}`);
      expect(output).toContain(`anon key:          ${ANON_KEY}  (legacy)`);

      const home = await fetch(`http://127.0.0.1:${sitePort}/about`);
      expect(home.status).toBe(200);
      expect(await home.text()).toBe('<h1>Om os</h1>');
      expect((await fetch(`http://127.0.0.1:${sitePort}/nope`)).status).toBe(404);
      const rows = await fetch(`http://127.0.0.1:${supabasePort}/rest/v1/t?select=id`, {
        headers: { apikey: PUBLISHABLE_KEY },
      });
      expect(await rows.json()).toEqual([{ id: 7 }]);

      // the local owner can sign in on /ejer: the user is there, and the banner says how
      expect(output).toContain(
        `Owner sign-in:     http://127.0.0.1:${sitePort}/ejer  as ejer@glanspunkt.local`,
      );
      const users = await fetch(`http://127.0.0.1:${supabasePort}/auth/v1/admin/users`, {
        headers: { apikey: SECRET_KEY },
      });
      const { users: list } = (await users.json()) as { users: { email: string }[] };
      expect(list.map((u) => u.email)).toEqual(['ejer@glanspunkt.local']);
    } finally {
      child.kill('SIGINT');
    }
    expect(await exited).toBe(0);
    await expect(fetch(`http://127.0.0.1:${sitePort}/`)).rejects.toThrow();
    await expect(fetch(`http://127.0.0.1:${supabasePort}/`)).rejects.toThrow();
  });

  it('with SUPABASE_LEGACY_KEYS=off, refuses a build that holds the legacy anon key', async () => {
    const build = path.join(tmp, 'legacy-build');
    mkdirSync(path.join(build, 'client', 'assets'), { recursive: true });
    writeFileSync(path.join(build, 'client', 'index.html'), '<h1>Forside</h1>');
    writeFileSync(path.join(build, 'client', 'assets', 'app.js'), `const key = "${ANON_KEY}";`);
    const result = await new Promise<{ code: number | null; stderr: string }>((resolve) => {
      execFile(
        path.join(ROOT, 'node_modules', '.bin', 'tsx'),
        [path.join(ROOT, 'local', 'cli', 'start.ts')],
        {
          cwd: ROOT,
          env: {
            ...process.env,
            BUILD_DIR: build,
            SUPABASE_LEGACY_KEYS: 'off',
            LOCAL_DB: 'memory',
          },
        },
        (error, _stdout, stderr) =>
          resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('the build holds the legacy anon key (assets/app.js)');
  });
});
