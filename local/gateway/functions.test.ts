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

// The platform answers 504 when a function sends nothing within its request idle timeout (150 s,
// the free plan's wall clock too) and the worker is gone; here with a 1 s timeout.
describe('edge functions past the request idle timeout', () => {
  let dir: string;
  let database: TestDatabase;
  let stack: Stack;
  const nap = async (ms: number) => {
    const started = performance.now();
    const res = await fetch(`${stack.url}/functions/v1/nap`, {
      method: 'POST',
      body: JSON.stringify({ ms }),
    });
    return { status: res.status, body: await res.json(), ms: performance.now() - started };
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'functions-idle-test-'));
    mkdirSync(path.join(dir, 'nap'));
    writeFileSync(
      path.join(dir, 'nap', 'index.ts'),
      `Deno.serve(async (req) => {
  const { ms } = await req.json();
  await new Promise((r) => setTimeout(r, ms));
  return Response.json({ slept: ms, pid: Deno.pid });
});\n`,
    );
    writeFileSync(path.join(dir, 'config.toml'), '[functions.nap]\nverify_jwt = false\n');
    database = await createTestDatabase({ backend: 'pglite' });
    stack = await startStack({
      database: { kind: 'existing', db: database.db, migrated: true },
      port: await freePort(),
      functionsDir: dir,
      configFile: path.join(dir, 'config.toml'),
      functionIdleTimeoutMs: 1000,
    });
  });
  afterAll(async () => {
    await stack?.stop();
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers 504 after the timeout, stops the worker, and starts a fresh one next time', async () => {
    const quick = await nap(100);
    expect(quick).toMatchObject({ status: 200, body: { slept: 100 } });
    const slow = await nap(5000);
    expect(slow.status).toBe(504);
    expect(slow.body).toMatchObject({ code: 'IDLE_TIMEOUT' });
    expect(slow.ms).toBeGreaterThan(900);
    expect(slow.ms).toBeLessThan(4000);
    const after = await nap(100);
    expect(after.status).toBe(200);
    expect(after.body.pid).not.toBe(quick.body.pid);
  });
});
