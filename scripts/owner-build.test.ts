// The two builds: which pages each routes, and moving the owner's build into the public one.
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPages, pageList, routeBuild } from '../src/content/site-pages';
import { mergeOwnerBuild, ownerBuildDir } from './owner-build';

describe('the builds of the route table', () => {
  it('the public build routes every page but the owner’s, the owner’s build only those', () => {
    const paths = (build: 'public' | 'owner' | 'all') => buildPages(build).map((p) => p.path);
    expect(paths('owner')).toEqual(['/ejer']);
    expect(paths('public')).not.toContain('/ejer');
    expect([...paths('public'), ...paths('owner')].sort()).toEqual(
      pageList()
        .map((p) => p.path)
        .sort(),
    );
    expect(paths('all')).toEqual(pageList().map((p) => p.path));
  });

  it('SITE_ROUTES unset is every page (the dev server); a misspelt build is refused', () => {
    expect(routeBuild(undefined)).toBe('all');
    expect(routeBuild('')).toBe('all');
    expect(routeBuild('public')).toBe('public');
    expect(routeBuild('owner')).toBe('owner');
    expect(() => routeBuild('ejer')).toThrow(/SITE_ROUTES/);
  });
});

describe('moving the owner’s build in', () => {
  let dir = '';
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  async function put(files: Record<string, string>) {
    for (const [name, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, name)), { recursive: true });
      await writeFile(join(dir, name), text);
    }
  }

  async function builds(owner: Record<string, string>) {
    dir = await mkdtemp(join(tmpdir(), 'owner-build-'));
    await put({
      'build/client/index.html': 'public home',
      'build/client/assets/react-a.js': 'react',
      'build/client/assets/manifest-p.js': 'public manifest',
      ...Object.fromEntries(
        Object.entries(owner).map(([name, text]) => [`build/owner/client/${name}`, text]),
      ),
    });
    return { client: join(dir, 'build/client'), owner: ownerBuildDir(join(dir, 'build')) };
  }

  it('copies the owner’s pages and new chunks, keeps the shared ones, and removes its folder', async () => {
    const { client, owner } = await builds({
      'ejer/index.html': 'owner page',
      'index.html': 'owner build root, not a page of it',
      'assets/react-a.js': 'react',
      'assets/manifest-o.js': 'owner manifest',
    });
    expect(await mergeOwnerBuild(client, owner)).toEqual(['/ejer']);
    expect(await readFile(join(client, 'ejer/index.html'), 'utf8')).toBe('owner page');
    expect(await readFile(join(client, 'index.html'), 'utf8')).toBe('public home');
    expect((await readdir(join(client, 'assets'))).sort()).toEqual([
      'manifest-o.js',
      'manifest-p.js',
      'react-a.js',
    ]);
    await expect(readdir(owner)).rejects.toThrow(/ENOENT/);
  });

  it('refuses a chunk name the two builds gave different contents', async () => {
    const { client, owner } = await builds({
      'ejer/index.html': 'owner page',
      'assets/react-a.js': 'another react',
    });
    await expect(mergeOwnerBuild(client, owner)).rejects.toThrow(/assets\/react-a\.js differs/);
  });

  it('refuses an owner build without the owner’s page, or a public build that has it', async () => {
    let { client, owner } = await builds({ 'assets/x.js': 'x' });
    await expect(mergeOwnerBuild(client, owner)).rejects.toThrow(/no ejer\/index\.html/);
    await rm(dir, { recursive: true });
    ({ client, owner } = await builds({ 'ejer/index.html': 'owner page' }));
    await put({ 'build/client/ejer/index.html': 'public build with the owner page' });
    await expect(mergeOwnerBuild(client, owner)).rejects.toThrow(/in the public build too/);
  });
});
