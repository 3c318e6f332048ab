// npm run check:deno: the Deno code in supabase/functions under the same checks as the rest:
// `deno check` (each function with its own deno.json import map, as it is deployed), `deno lint`,
// and Prettier (the formatter the rest of the repository uses). Exits non-zero on any finding.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { denoBinary } from '../local/stack.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const FUNCTIONS = path.join(ROOT, 'supabase', 'functions');
const deno = denoBinary();
const env = { ...process.env, NO_COLOR: '1', DENO_NO_UPDATE_CHECK: '1', RUST_BACKTRACE: '0' };

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

// Functions that share an import map are checked in one Deno process; shared code goes with the
// first group, so a file in _shared that no function imports yet is checked too.
const groups = new Map<string, { config?: string; files: string[] }>();
for (const entry of readdirSync(FUNCTIONS, { withFileTypes: true })) {
  if (!entry.isDirectory() || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
  const dir = path.join(FUNCTIONS, entry.name);
  if (!existsSync(path.join(dir, 'index.ts'))) continue;
  const config = path.join(dir, 'deno.json');
  const key = existsSync(config) ? readFileSync(config, 'utf8').trim() : '';
  const group = groups.get(key) ?? { config: key ? config : undefined, files: [] };
  group.files.push(...tsFiles(dir));
  groups.set(key, group);
}
const shared = path.join(FUNCTIONS, '_shared');
const first = groups.values().next().value;
if (first && existsSync(shared)) first.files.push(...tsFiles(shared));

let ok = true;
for (const { config, files } of groups.values()) {
  const args = ['check', '--quiet', '--node-modules-dir=manual'];
  if (config) args.push('--config', config);
  const names = files.map((f) => path.relative(FUNCTIONS, f).split(path.sep)[0]);
  ok = run(`deno check ${[...new Set(names)].join(', ')}`, deno, [...args, ...files]) && ok;
}
ok = run('deno lint', deno, ['lint', '--quiet', path.relative(ROOT, FUNCTIONS)]) && ok;
ok =
  run('prettier', path.join(ROOT, 'node_modules', '.bin', 'prettier'), [
    '--check',
    '--log-level=warn',
    path.relative(ROOT, FUNCTIONS),
  ]) && ok;
process.exit(ok ? 0 : 1);
