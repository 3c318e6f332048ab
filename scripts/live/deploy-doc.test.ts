// docs/deploy.md stays in step with the code: every function folder, function secret, Vault
// secret, scheduled job and VITE_* setting the doc names exists, and every one the code has is
// named there (the lists come from scripts/live/requirements.ts, the same ones check:live uses).
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

function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !/\.test\./.test(e.name))
    .map((e) => path.join(e.parentPath, e.name));
}

describe('docs/deploy.md is in step with the code', () => {
  it('deploys exactly the function folders, and its table describes each', () => {
    const command = /npx supabase functions deploy ([a-z0-9 -]+)/.exec(doc);
    expect(command, 'a functions deploy command').not.toBeNull();
    expect(sorted(command![1]!.trim().split(/\s+/))).toEqual(req.functions);
    expect(sorted(table('function').map((r) => r[0]!))).toEqual(req.functions);
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
    const block = /npx supabase secrets set \\\n((?:.*\\\n)*.*)/.exec(doc)?.[1] ?? '';
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
