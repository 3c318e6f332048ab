import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './database.ts';
import { migrate, ROOT } from './migrate.ts';

describe('persistent PGlite (npm run dev)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'pglite-persist-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'keeps committed data when the process is killed with SIGKILL',
    { timeout: 180_000 },
    async () => {
      const dataDir = path.join(dir, 'pglite');
      const child = spawn(
        path.join(ROOT, 'node_modules', '.bin', 'tsx'),
        [path.join(ROOT, 'local', 'testing', 'fixtures', 'write-and-wait.ts'), dataDir],
        { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'], detached: true },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('written')) resolve();
        });
        child.once('exit', (code) => reject(new Error(`writer exited early with ${code}`)));
      });
      process.kill(-child.pid!, 'SIGKILL'); // the whole group: tsx and its node child
      await exited;

      const db = await openPglite(dataDir);
      try {
        expect((await migrate(db)).applied).toEqual([]);
        expect(
          (await db.query("select reason from public.closed_dates where day = '2026-12-31'")).rows,
        ).toEqual([{ reason: 'survives kill -9' }]);
        expect((await db.query('select count(*)::int as n from public.services')).rows).toEqual([
          { n: 6 },
        ]);
      } finally {
        await db.close();
      }
    },
  );
});
