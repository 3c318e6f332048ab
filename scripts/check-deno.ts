// npm run check:deno: the Deno code in supabase/functions under the same checks as the rest:
// `deno check` (each function with its own deno.json import map and deno.lock, resolved the way the
// deploy bundles it), `deno lint`, and Prettier (the formatter the rest of the repository uses).
// Exits non-zero on any finding.
//
// The lock files (local/deno-locks.ts) are checked first, then used with --frozen: a function
// without deno.lock, locks of one import map that differ, or a lock that no longer matches
// deno.json (an import added, a version changed) fail here and in `npm test`.
// `npm run deno:lock` (this script with --update-locks) writes them anew after a deliberate change.
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  DENO_LOCKED_ARGS,
  DENO_LOCKED_ENV,
  functionGroups,
  lockFileOf,
  lockProblems,
} from '../local/deno-locks.ts';
import { denoBinary } from '../local/stack.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const FUNCTIONS = path.join(ROOT, 'supabase', 'functions');
const deno = denoBinary();
const env = {
  ...process.env,
  NO_COLOR: '1',
  DENO_NO_UPDATE_CHECK: '1',
  RUST_BACKTRACE: '0',
  ...DENO_LOCKED_ENV,
};
const updateLocks = process.argv.includes('--update-locks');

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
}

function run(label: string, cmd: string, args: string[]): boolean {
  const started = performance.now();
  const result = spawnSync(cmd, args, { cwd: ROOT, env, stdio: 'inherit' });
  const ok = result.status === 0;
  console.log(
    `check:deno: ${label} ${ok ? 'ok' : 'FAILED'} (${Math.round(performance.now() - started)} ms)`,
  );
  return ok;
}

// Functions that share an import map are checked in one Deno process with the first one's lock
// (their locks are the same text); shared code goes with the first group, so a file in _shared
// that no function imports yet is checked too.
const groups = functionGroups(FUNCTIONS);
const shared = path.join(FUNCTIONS, '_shared');

let ok = true;
for (const [i, group] of groups.entries()) {
  const files = group.functions.flatMap((dir) => tsFiles(dir));
  if (i === 0 && existsSync(shared)) files.push(...tsFiles(shared));
  const names = group.functions.map((dir) => path.basename(dir));
  const args = ['check', '--quiet'];
  if (group.config) {
    const lock = lockFileOf(group.functions[0]!);
    args.push('--config', group.config, ...DENO_LOCKED_ARGS, `--lock=${lock}`);
    if (updateLocks) {
      // a fresh resolution: the newest versions deno.json allows (it pins exact ones)
      for (const dir of group.functions) rmSync(lockFileOf(dir), { force: true });
    } else {
      const problems = lockProblems(group);
      for (const p of problems) console.error(`check:deno: ${p}`);
      if (problems.length) {
        console.error('check:deno: run `npm run deno:lock` after changing a deno.json');
        ok = false;
        continue;
      }
      args.push('--frozen');
    }
  } else args.push('--node-modules-dir=manual');
  const checked = run(`deno check ${names.join(', ')}`, deno, [...args, ...files]);
  ok = checked && ok;
  if (checked && updateLocks && group.config) {
    const lock = lockFileOf(group.functions[0]!);
    for (const dir of group.functions.slice(1)) copyFileSync(lock, lockFileOf(dir));
    console.log(`check:deno: wrote deno.lock of ${names.join(', ')}`);
  }
}
ok = run('deno lint', deno, ['lint', '--quiet', path.relative(ROOT, FUNCTIONS)]) && ok;
ok =
  run('prettier', path.join(ROOT, 'node_modules', '.bin', 'prettier'), [
    '--check',
    '--log-level=warn',
    path.relative(ROOT, FUNCTIONS),
  ]) && ok;
process.exit(ok ? 0 : 1);
