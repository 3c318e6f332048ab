import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../db/migrate.ts';

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
