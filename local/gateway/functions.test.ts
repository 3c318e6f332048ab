import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../net.ts';
import { startStack, type Stack } from '../stack.ts';
import { createTestDatabase, type TestDatabase } from '../testing/index.ts';

const source = (greeting: string) =>
  `Deno.serve(() => Response.json({ greeting: ${JSON.stringify(greeting)}, url: Deno.env.get('SUPABASE_URL') }));\n`;

async function until<T>(
  fn: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (ok(value) || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe('edge functions in dev (watch mode)', () => {
  let dir: string;
  let database: TestDatabase;
  let stack: Stack;
  const call = async (name: string) => {
    const res = await fetch(`${stack.url}/functions/v1/${name}`, { method: 'POST', body: '{}' });
    return { status: res.status, body: (await res.json()) as { greeting?: string; url?: string } };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'functions-test-'));
    mkdirSync(path.join(dir, 'greet'));
    writeFileSync(path.join(dir, 'greet', 'index.ts'), source('hej'));
    writeFileSync(
      path.join(dir, 'config.toml'),
      '[functions.greet]\nverify_jwt = false\n\n[functions.added]\nverify_jwt = false\n',
    );
    database = await createTestDatabase({ backend: 'pglite' });
    stack = await startStack({
      database: { kind: 'existing', db: database.db, migrated: true },
      port: await freePort(),
      functionsDir: dir,
      configFile: path.join(dir, 'config.toml'),
      watch: true,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs the function with SUPABASE_URL pointing at the gateway', async () => {
    expect(await call('greet')).toEqual({ status: 200, body: { greeting: 'hej', url: stack.url } });
  });

  it('reloads a function when its code changes', async () => {
    writeFileSync(path.join(dir, 'greet', 'index.ts'), source('goddag'));
    const result = await until(
      () => call('greet'),
      (r) => r.body.greeting === 'goddag',
    );
    expect(result.body.greeting).toBe('goddag');
  });

  it('picks up a new function folder without a restart', async () => {
    expect((await call('added')).status).toBe(404);
    mkdirSync(path.join(dir, 'added'));
    writeFileSync(path.join(dir, 'added', 'index.ts'), source('ny'));
    expect(await call('added')).toEqual({ status: 200, body: { greeting: 'ny', url: stack.url } });
  });

  it('answers 503 BOOT_ERROR when a function does not start', async () => {
    mkdirSync(path.join(dir, 'broken'));
    writeFileSync(path.join(dir, 'broken', 'index.ts'), 'throw new Error("boom");\n');
    const res = await fetch(`${stack.url}/functions/v1/broken`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.anonKey}` },
    });
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      code: 'BOOT_ERROR',
      message: 'Function failed to start (please check logs)',
    });
  });

  it('type-checks a function before it starts: a type error is a boot error', async () => {
    mkdirSync(path.join(dir, 'mistyped'));
    writeFileSync(
      path.join(dir, 'mistyped', 'index.ts'),
      "const n: number = 'not a number';\nDeno.serve(() => Response.json({ n }));\n",
    );
    const res = await fetch(`${stack.url}/functions/v1/mistyped`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${stack.anonKey}` },
    });
    expect(res.status).toBe(503);
    expect((await res.json()).code).toBe('BOOT_ERROR');
  });
});
