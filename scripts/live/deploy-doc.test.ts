// docs/deploy.md stays in step with the code: every function folder, function secret, Vault
// secret, scheduled job and VITE_* setting the doc names exists, and every one the code has is
// named there (the lists come from scripts/live/requirements.ts, the same ones check:live uses);
// and every Supabase CLI command on the page names its target, so it means the same to the pinned
// CLI 2 and to CLI 3, which sends database commands to the local stack when none is named.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { functionVerifiesJwt, readToml } from '../../local/config.ts';
import { readRequirements, ROOT } from './requirements.ts';

const doc = readFileSync(path.join(ROOT, 'docs', 'deploy.md'), 'utf8');
const req = readRequirements();
const sorted = (values: Iterable<string>) => [...new Set(values)].sort();

/** Rows of the Markdown table whose header row starts with `| <first> |`. */
function table(first: string): string[][] {
  const lines = doc.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^\\|\\s*${first}\\s*\\|`).test(l));
  if (start < 0) throw new Error(`docs/deploy.md has no table starting with "${first}"`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((c) => c.trim().replace(/^`(.*)`$/, '$1')),
    );
  }
  return rows;
}

/**
 * Every `npx supabase …` command on the page (code blocks and inline code) as its words: lines
 * continued with a backslash joined, a trailing comment and anything chained after it cut off.
 */
function supabaseCommands(): string[][] {
  const text = doc.replace(/\\\n\s*/g, ' ');
  return [...text.matchAll(/npx supabase(?:@[\w.-]+)?\s([^`\n]*)/g)].map((m) =>
    m[1]!
      .split(/\s+#|&&|\|\||;|\s\|\s/)[0]!
      .trim()
      .split(/\s+/),
  );
}

/** The subcommand: the leading words before the first flag or argument (`migration repair`). */
function subcommand(words: string[]): string {
  const out: string[] = [];
  for (const w of words) {
    if (!/^[a-z][a-z-]*$/.test(w) || out.length === 3) break;
    out.push(w);
  }
  return out.join(' ');
}

/**
 * What a command acts on, after the pinned CLI's `--help`: database commands take `--linked`,
 * `--db-url` or `--local` (and CLI 3 defaults them to the local stack); project commands take only
 * `--project-ref`; the rest act on this machine or the account.
 */
const DATABASE = [
  /^db (?!start|schema)/,
  /^migration (?!new)/,
  /^inspect /,
  /^gen types/,
  /^test db/,
  /^seed /,
  /^storage /,
];
const PROJECT = [
  /^link$/,
  /^secrets /,
  /^functions (deploy|delete|download|list)/,
  /^branches /,
  /^config (push|pull|diff)/,
];
const LOCAL = [
  /^login$/,
  /^init$/,
  /^start$/,
  /^stop$/,
  /^status$/,
  /^functions (new|serve)/,
  /^migration new/,
];

function kind(command: string): 'database' | 'project' | 'local' | undefined {
  if (DATABASE.some((r) => r.test(command))) return 'database';
  if (PROJECT.some((r) => r.test(command))) return 'project';
  if (LOCAL.some((r) => r.test(command))) return 'local';
  return undefined;
}

/** What is wrong with one command's target; [] when it names one both CLI 2 and CLI 3 take. */
function targetProblems(words: string[]): string[] {
  const command = subcommand(words);
  const has = (flag: string) => words.some((w) => w === flag || w.startsWith(`${flag}=`));
  const problems: string[] = [];
  switch (kind(command)) {
    case 'database':
      if (!has('--linked') && !has('--db-url')) problems.push('no --linked or --db-url');
      // --remote is CLI 3's only; --local is never where a deploy goes
      if (has('--remote') || has('--local')) problems.push('--remote or --local');
      break;
    case 'project':
      if (!has('--project-ref')) problems.push('no --project-ref');
      if (has('--remote')) problems.push("--remote is CLI 3's only");
      break;
    case 'local':
      break;
    default:
      problems.push(`"${command}" is not classified in this test (database, project or local?)`);
  }
  return problems.map((p) => `npx supabase ${words.join(' ')}: ${p}`);
}

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\./.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('docs/deploy.md is in step with the code', () => {
  it('deploys exactly the function folders, and its table describes each', () => {
    const command = supabaseCommands().find((words) => subcommand(words) === 'functions deploy');
    expect(command, 'a functions deploy command').toBeDefined();
    // the arguments after the subcommand, without the flags and their values
    const names = command!
      .slice(2)
      .filter((w, i, all) => !w.startsWith('-') && !all[i - 1]?.startsWith('--'));
    expect(sorted(names)).toEqual(req.functions);
    expect(sorted(table('function').map((r) => r[0]!))).toEqual(req.functions);
  });

  it('every Supabase CLI command names its target, in flags CLI 2 and CLI 3 both take', () => {
    const commands = supabaseCommands();
    expect(commands.length).toBeGreaterThan(5);
    expect(commands.flatMap(targetProblems)).toEqual([]);
  });

  it('refuses a command without its target (the check itself)', () => {
    const words = (line: string) => line.split(' ');
    expect(targetProblems(words('db push --include-seed'))).toEqual([
      'npx supabase db push --include-seed: no --linked or --db-url',
    ]);
    expect(targetProblems(words('migration repair --status applied 20261126000000'))).toHaveLength(
      1,
    );
    expect(targetProblems(words('db push --remote'))).toHaveLength(2);
    expect(targetProblems(words('db push --local'))).toHaveLength(2);
    expect(targetProblems(words('secrets set A=1'))).toEqual([
      'npx supabase secrets set A=1: no --project-ref',
    ]);
    expect(targetProblems(words('db push --db-url postgres://x'))).toEqual([]);
    expect(targetProblems(words('migration list --linked'))).toEqual([]);
    expect(targetProblems(words('login'))).toEqual([]);
    expect(targetProblems(words('orgs list'))).toHaveLength(1);
  });

  it('names the CLI version package.json pins', () => {
    const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
      devDependencies: Record<string, string>;
    };
    const pinned = pkg.devDependencies.supabase!;
    expect(pinned, 'the CLI is pinned exactly').toMatch(/^\d+\.\d+\.\d+$/);
    const text = doc.replace(/\s+/g, ' ');
    expect(text).toContain(`\`npx supabase@${pinned}\``);
    expect(text).toContain(`(\`supabase\` ${pinned})`);
  });

  it('every function is configured as the doc says (verify_jwt = false)', () => {
    const config = path.join(ROOT, 'supabase', 'config.toml');
    for (const name of req.functions) expect(functionVerifiesJwt(config, name), name).toBe(false);
  });

  it('sets every function secret the code reads, marks the optional ones, names no stale one', () => {
    const rows = table('secret');
    expect(sorted(rows.map((r) => r[0]!))).toEqual(
      sorted([...req.secrets, ...req.optionalSecrets]),
    );
    for (const [name, required] of rows)
      expect(required, name).toBe(req.secrets.includes(name!) ? 'yes' : 'no');
    const block =
      /npx supabase secrets set(?: --project-ref \S+)? \\\n((?:.*\\\n)*.*)/.exec(doc)?.[1] ?? '';
    const set = [...block.matchAll(/^\s*([A-Z][A-Z0-9_]*)=/gm)].map((m) => m[1]!);
    expect(sorted(set)).toEqual(req.secrets);
  });

  it('creates every Vault secret the migrations read', () => {
    const created = [...doc.matchAll(/vault\.create_secret\('[^']*',\s*'([^']+)'\)/g)].map(
      (m) => m[1]!,
    );
    expect(sorted(created)).toEqual(req.vaultSecrets);
  });

  it('lists every scheduled job with its schedule', () => {
    const rows = table('job').map((r) => ({ name: r[0]!, schedule: r[1]! }));
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      req.cronJobs.map(({ name, schedule }) => ({ name, schedule })),
    );
  });

  it('names every VITE_ setting the build reads, and no other', () => {
    const files = [
      ...codeFiles(path.join(ROOT, 'src')),
      ...codeFiles(path.join(ROOT, 'scripts')),
      ...codeFiles(path.join(ROOT, 'deploy')),
      path.join(ROOT, 'react-router.config.ts'),
      path.join(ROOT, 'vite.config.ts'),
    ];
    const inCode = sorted(
      files.flatMap((f) =>
        [...readFileSync(f, 'utf8').matchAll(/VITE_[A-Z0-9_]+/g)].map((m) => m[0]),
      ),
    );
    const inDoc = sorted([...doc.matchAll(/VITE_[A-Z0-9_]+/g)].map((m) => m[0]));
    expect(inDoc).toEqual(inCode);
  });

  it('sign-ups are off in config.toml as the doc says', () => {
    const auth = readToml(path.join(ROOT, 'supabase', 'config.toml')).auth;
    expect(auth?.enable_signup).toBe(false);
    expect(doc).toContain('**Allow new users to sign up** off');
  });
});
