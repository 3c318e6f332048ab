// The edge functions' lock files: one deno.lock beside each function's deno.json, where Deno and the
// Supabase CLI's bundler (the edge runtime's `bundle`, which `supabase functions deploy` runs) find
// it. The lock pins every npm package the function loads, transitive ones included, with its
// integrity hash; check:deno, the local stack and the deploy all resolve through it, and check:deno
// runs Deno with --frozen, so a lock that is missing or no longer matches deno.json fails there.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * How Deno resolves the functions' npm packages, as the deploy bundler does: its own resolver and
 * cache from deno.json and deno.lock (DENO_NO_PACKAGE_JSON=1, as the CLI sets it when a function
 * has a deno.json), not the repository's node_modules, which npm fills from package-lock.json.
 */
export const DENO_LOCKED_ARGS = ['--node-modules-dir=none'] as const;
export const DENO_LOCKED_ENV = { DENO_NO_PACKAGE_JSON: '1' } as const;

/** <function>/deno.lock, the path Deno discovers next to <function>/deno.json. */
export function lockFileOf(functionDir: string): string {
  return path.join(functionDir, 'deno.lock');
}

export interface FunctionGroup {
  /** The deno.json the group shares (its text is the same in every member). */
  config?: string;
  /** The function folders, sorted. */
  functions: string[];
}

/**
 * Functions whose deno.json files hold the same text share one import map, so one Deno process
 * checks them and their lock files must be the same file content.
 */
export function functionGroups(functionsDir: string): FunctionGroup[] {
  const groups = new Map<string, FunctionGroup>();
  const entries = readdirSync(functionsDir, { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('_') && !e.name.startsWith('.'))
    .map((e) => e.name)
    .sort();
  for (const name of entries) {
    const dir = path.join(functionsDir, name);
    if (!existsSync(path.join(dir, 'index.ts'))) continue;
    const config = path.join(dir, 'deno.json');
    const key = existsSync(config) ? readFileSync(config, 'utf8').trim() : '';
    const group = groups.get(key) ?? { config: key ? config : undefined, functions: [] };
    group.functions.push(dir);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/** The npm specifiers a deno.json's import map names (what Deno records as the lock's workspace). */
export function configDependencies(config: string): string[] {
  const parsed = JSON.parse(readFileSync(config, 'utf8')) as { imports?: Record<string, string> };
  const out = new Set<string>();
  for (const target of Object.values(parsed.imports ?? {})) {
    const m = /^npm:\/?((?:@[^/]+\/)?[^/@]+(?:@[^/]+)?)/.exec(target);
    if (m) out.add(`npm:${m[1]}`);
  }
  return [...out].sort();
}

/**
 * What is wrong with a group's lock files, without running Deno: a member without deno.lock, a
 * member whose lock differs from the others', or a lock written for other deno.json imports.
 * check:deno then runs Deno with --frozen, which also refuses a lock that lacks a package.
 */
export function lockProblems(group: FunctionGroup): string[] {
  if (!group.config) return [];
  const problems: string[] = [];
  const texts = new Map<string, string>();
  for (const dir of group.functions) {
    const lock = lockFileOf(dir);
    if (!existsSync(lock)) problems.push(`${path.basename(dir)}: no deno.lock`);
    else texts.set(dir, readFileSync(lock, 'utf8'));
  }
  if (new Set(texts.values()).size > 1) {
    problems.push(
      `the deno.lock files of ${[...texts.keys()].map((d) => path.basename(d)).join(', ')} differ, though their deno.json files are the same`,
    );
  }
  const wanted = configDependencies(group.config);
  for (const [dir, text] of texts) {
    const lock = JSON.parse(text) as { workspace?: { dependencies?: string[] } };
    const recorded = [...(lock.workspace?.dependencies ?? [])].sort();
    if (recorded.join() !== wanted.join()) {
      problems.push(
        `${path.basename(dir)}/deno.lock was written for ${recorded.join(', ') || 'nothing'}, deno.json imports ${wanted.join(', ')}`,
      );
    }
  }
  return problems;
}
