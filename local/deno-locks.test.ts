// The edge functions' lock files without running Deno (npm run check:deno then runs Deno --frozen
// with them): every function with a deno.json has its deno.lock, the locks of one import map are the
// same, and each was written for the imports its deno.json has now.
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configDependencies, functionGroups, lockFileOf, lockProblems } from './deno-locks.ts';
import { defaultSupabaseDir } from './db/migrate.ts';

const FUNCTIONS = path.join(defaultSupabaseDir(), 'functions');

describe('the edge functions’ deno.lock files', () => {
  const tmp = mkdtempSync(path.join(tmpdir(), 'glanspunkt-locks-'));
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  /** A copy of supabase/functions to break. */
  function copy(name: string): string {
    const dir = path.join(tmp, name);
    cpSync(FUNCTIONS, dir, { recursive: true });
    return dir;
  }

  it('every function has one, written for its deno.json, the same for one import map', () => {
    const groups = functionGroups(FUNCTIONS);
    expect(groups.length).toBeGreaterThan(0);
    for (const group of groups) {
      expect(group.config, 'every function has its deno.json').toBeDefined();
      expect(lockProblems(group)).toEqual([]);
    }
  });

  it('pins exact versions, so a bundle without the lock resolves the same packages', () => {
    for (const group of functionGroups(FUNCTIONS)) {
      const specifiers = (
        JSON.parse(readFileSync(lockFileOf(group.functions[0]!), 'utf8')) as {
          specifiers: Record<string, string>;
        }
      ).specifiers;
      for (const dependency of configDependencies(group.config!)) {
        const version = /@([^@/]+)$/.exec(dependency)?.[1];
        expect(version, `${dependency} names an exact version`).toMatch(/^\d+\.\d+\.\d+$/);
        expect(specifiers[dependency], dependency).toBe(version);
      }
    }
  });

  it('names a function without a lock, locks that differ, and a lock for other imports', () => {
    const dir = copy('broken');
    const [group] = functionGroups(dir);
    const [first, second, third] = group!.functions;
    rmSync(lockFileOf(first!));
    const lock = readFileSync(lockFileOf(second!), 'utf8');
    writeFileSync(lockFileOf(second!), lock.replace('"version": "5"', '"version": "4"'));
    const stale = JSON.parse(lock) as { workspace: { dependencies: string[] } };
    stale.workspace.dependencies = stale.workspace.dependencies.map((d) =>
      d.replace(/@[\d.]+$/, '@1.0.0'),
    );
    writeFileSync(lockFileOf(third!), JSON.stringify(stale, null, 2));
    const problems = lockProblems(group!);
    expect(problems).toContain(`${path.basename(first!)}: no deno.lock`);
    expect(
      problems.some((p) => p.startsWith('the deno.lock files of') && p.includes('differ')),
    ).toBe(true);
    expect(
      problems.some((p) => p.startsWith(`${path.basename(third!)}/deno.lock was written for`)),
    ).toBe(true);
  });
});
