/**
 * The owner's pages are built apart from the public ones (src/content/site-pages.ts, routeBuild)
 * and moved into the public build's client folder afterwards: their HTML, and every chunk they
 * load. Chunk names carry a hash of their content, so a chunk both builds made (React, the site's
 * shell) is the same file; a name the two builds gave different contents is refused.
 */
import { copyFile, mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { buildPages } from '../src/content/site-pages';

/** Where the owner's build goes: inside the public one's folder, removed once merged. */
export function ownerBuildDir(buildDir: string): string {
  return join(buildDir, 'owner');
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

/** Moves the owner's pages and chunks into `client`; returns the pages moved. */
export async function mergeOwnerBuild(client: string, ownerDir: string): Promise<string[]> {
  const ownerClient = join(ownerDir, 'client');
  const pages = buildPages('owner').map((p) => p.path);
  for (const path of pages) {
    const html = join(path.slice(1), 'index.html');
    if (!(await exists(join(ownerClient, html)))) {
      throw new Error(`the owner's build has no ${html}; was it built with SITE_ROUTES=owner?`);
    }
    if (await exists(join(client, html))) {
      throw new Error(`${html} is in the public build too; was it built with SITE_ROUTES=public?`);
    }
    await mkdir(join(client, path.slice(1)), { recursive: true });
    await copyFile(join(ownerClient, html), join(client, html));
  }
  for (const name of await readdir(join(ownerClient, 'assets'))) {
    const from = join(ownerClient, 'assets', name);
    const to = join(client, 'assets', name);
    if (!(await exists(to))) {
      await copyFile(from, to);
    } else if (!(await readFile(from)).equals(await readFile(to))) {
      throw new Error(`assets/${name} differs between the public and the owner's build`);
    }
  }
  await rm(ownerDir, { recursive: true, force: true });
  return pages;
}
