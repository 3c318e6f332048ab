/**
 * After `react-router build` (build/client):
 * 0. the owner's pages, built apart (OWNER_BUILD_DIR, see local/cli/build.ts), are moved in;
 * 1. the prerendered catch-all page (/404) becomes 404.html, which static hosts (and `npm start`)
 *    serve with status 404 for unknown paths;
 * 2. every page loads its JavaScript after its first paint (scripts/defer-hydration.ts; the
 *    deferred boot is compiled from src/app/deferred-boot/script.ts first);
 * 3. every page gets a CSP meta tag allowing 'self' and the sha256 hashes of its own inline
 *    scripts; the union of all hashes goes to build/csp-script-hashes.json for `npm start` and `_headers`
 *    (see deploy/security-headers.ts);
 * 4. every page but `/` is also written as `<path>.html` beside `<path>/index.html`, so Netlify
 *    serves `/path` itself instead of redirecting to `/path/` (deploy/host-files.ts, pageHtmlFiles);
 *    sitemap.xml and robots.txt are written from the route table (`staticPaths`) and VITE_SITE_URL;
 * 5. `_headers` (Netlify, Cloudflare Pages) is written with the build's Supabase URL;
 * 6. one warning line while the business facts (src/content/business.ts) are placeholders.
 */
import { copyFile, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { mergeOwnerBuild } from './owner-build';
import { join, relative } from 'node:path';
import { staticPaths } from '../react-router.config';
import { pageHtmlFiles, renderHeadersFile } from '../deploy/host-files';
import { pageList } from '../src/content/site-pages';
import { renderRobotsTxt, renderSitemapXml } from './seo-files';
import { inlineScriptHashes, withScriptPolicyMeta } from './inline-scripts';
import { compileDeferredBoot, deferHydration } from './defer-hydration';
import { SCRIPT_HASHES_FILE, scriptPolicy } from '../deploy/security-headers';
import { resolveSiteUrl } from '../src/lib/site-url';
import { supabaseConfig } from '../src/lib/supabase';
import { placeholderWarning } from '../src/content/business-placeholders';

// BUILD_DIR lets a second build run beside the usual one (see react-router.config.ts).
const client = join(process.env.BUILD_DIR ?? join(process.cwd(), 'build'), 'client');
const prerendered = join(client, '404', 'index.html');

if (process.env.OWNER_BUILD_DIR) {
  const moved = await mergeOwnerBuild(client, process.env.OWNER_BUILD_DIR);
  console.log(`postbuild: moved in the owner's build (${moved.join(', ')})`);
}

await stat(prerendered).catch(() => {
  throw new Error(`postbuild: ${prerendered} is missing; is '/404' in the prerender list?`);
});
await copyFile(prerendered, join(client, '404.html'));
await rm(join(client, '404'), { recursive: true });
console.log('postbuild: wrote build/client/404.html');

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === 'assets' ? [] : htmlFiles(path);
      return entry.name.endsWith('.html') ? [path] : [];
    }),
  );
  return nested.flat();
}

const allHashes = new Set<string>();
const files = await htmlFiles(client);
// compiled here, from src/app/deferred-boot/script.ts: the hashes below are of what it compiled to
const deferredBoot = await compileDeferredBoot();
for (const file of files) {
  let html: string;
  try {
    html = deferHydration(await readFile(file, 'utf8'), deferredBoot);
  } catch (error) {
    throw new Error(`postbuild: ${relative(process.cwd(), file)}: ${(error as Error).message}`);
  }
  const hashes = inlineScriptHashes(html);
  hashes.forEach((hash) => allHashes.add(hash));
  await writeFile(file, withScriptPolicyMeta(html, scriptPolicy(hashes)));
}
await writeFile(
  join(client, '..', SCRIPT_HASHES_FILE),
  `${JSON.stringify([...allHashes], null, 2)}\n`,
);
console.log(
  `postbuild: script policy in ${files.length} pages (${allHashes.size} inline script hashes)`,
);

// after the policy above: the copy is the finished page
let flat = 0;
for (const { path } of pageList()) {
  const [dirIndex, flatFile] = pageHtmlFiles(path);
  if (!flatFile) continue;
  await copyFile(join(client, dirIndex!), join(client, flatFile));
  flat += 1;
}
console.log(`postbuild: wrote ${flat} pages also as <path>.html (no trailing-slash redirect)`);

const siteUrl = resolveSiteUrl(process.env);
await writeFile(join(client, 'sitemap.xml'), renderSitemapXml(siteUrl, staticPaths));
await writeFile(join(client, 'robots.txt'), renderRobotsTxt(siteUrl));
console.log(
  `postbuild: wrote sitemap.xml (${staticPaths.length} URLs) and robots.txt for ${siteUrl}`,
);

await writeFile(
  join(client, '_headers'),
  renderHeadersFile(supabaseConfig(process.env).url, [...allHashes]),
);
console.log('postbuild: wrote _headers');

const placeholders = placeholderWarning();
if (placeholders) console.warn(placeholders);
