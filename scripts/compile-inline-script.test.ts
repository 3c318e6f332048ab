/**
 * The compiler of the inline scripts (the early press script, the deferred boot, the theme
 * script): what it gives and what it refuses. Each script's own behaviour is tested where it is
 * used (tests/booking/early-press.test.tsx, scripts/defer-hydration.test.ts,
 * tests/app/theme-script.test.ts).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileInlineScript } from './compile-inline-script';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'inline-script-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

async function compile(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) await writeFile(path.join(dir, name), text);
  return compileInlineScript(path.join(dir, Object.keys(files)[0]!));
}

describe('compileInlineScript', () => {
  it('bundles a typed module and its imports into one minified ES2019 classic script', async () => {
    const { code, files } = await compile({
      'entry.ts': `import { greeting } from './greeting';
        const target: { textContent: string | null } | null = document.body;
        if (target) target.textContent = greeting(localStorage.getItem('name') ?? 'verden');`,
      'greeting.ts': `export const greeting = (name: string): string => 'Hej ' + name;`,
    });
    expect(code).toMatch(/^\(function\(\)\{.*\}\)\(\);$/);
    expect(code).not.toContain('\n');
    // the types are gone, the import is bundled, `??` is lowered (ES2020)
    expect(code).not.toMatch(/import|: string|\?\?/);
    expect(code).toContain('Hej ');
    expect(files.map((file) => path.basename(file)).sort()).toEqual(['entry.ts', 'greeting.ts']);
    const body = { textContent: null as string | null };
    new Function('document', 'localStorage', code)({ body }, { getItem: () => null });
    expect(body.textContent).toBe('Hej verden');
  });

  it('refuses a module that exports something (an inline script has no importer)', async () => {
    await expect(compile({ 'exports.ts': 'export const x = 1;' })).rejects.toThrow(
      /inline script .*exports\.ts: an inline script exports nothing \(found: x\)/,
    );
  });

  it('gives no text that would end the script element or open a comment in the HTML', async () => {
    // the minifier writes `</script` in a string as `<\/script`
    const { code } = await compile({ 'closes.ts': `document.title = '</script>';` });
    expect(code).not.toMatch(/<\/script/i);
    await expect(compile({ 'comment.ts': `document.title = '<!-- x';` })).rejects.toThrow(
      /comment\.ts: the compiled code holds `<\/script` or `<!--`/,
    );
  });

  it('fails on a module that does not compile, naming it', async () => {
    await expect(compile({ 'broken.ts': 'const = ;' })).rejects.toThrow(
      /inline script .*broken\.ts: does not compile/,
    );
  });
});
