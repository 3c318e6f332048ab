// npm run build: the production build (react-router build of the public pages, then of the
// owner's, then scripts/postbuild.ts).
//
// The pages show the packages and opening hours the owner keeps in Supabase; the site layout's
// loader reads them while the pages are prerendered (src/lib/site-data.server.ts) from the
// Supabase the site books against:
// - VITE_SUPABASE_URL (env or .env files): the hosted project, with its public key;
// - else the local gateway the build talks to (http://127.0.0.1:54321) when one is running;
// - else an embedded stack this script starts for the build (the database `npm start` would use:
//   LOCAL_DB / DATABASE_URL / the local PGlite folder) on a free port, stopped afterwards.
// --seed: an embedded stack on a fresh in-memory database (the migrations and supabase/seed.sql),
// whatever runs or is stored locally: the data the end-to-end stack serves (LOCAL_DB=memory), so
// a developer's own bookings or a local database older than the seed cannot change what the
// journeys find. SITE_DATA_URL (+ SITE_DATA_KEY) names the source explicitly. The data is read once before the
// build starts, so an unreadable source fails the build with one clear line.
//
// On a build server (Netlify, Vercel, Cloudflare Pages, CI) a bundle that would talk to this
// machine's stack is refused with one line naming VITE_SUPABASE_URL (stand-in-build.ts), unless the
// build asks for the embedded stack on purpose: `npm run build:local` (--local), which the
// end-to-end tests use.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { loadEnv } from 'vite';
import { fetchSiteData, siteDataSource } from '../../src/lib/site-data.server.ts';
import { LOCAL_SUPABASE_URL } from '../../src/lib/supabase.ts';
import { ROOT } from '../db/migrate.ts';
import { keyHeaders, PUBLISHABLE_KEY } from '../keys.ts';
import { startStack, type Stack } from '../stack.ts';
import { ownerBuildDir } from '../../scripts/owner-build.ts';
import { refuseStandInBuild } from './stand-in-build.ts';
import { resolveDatabase, runCli, type ResolvedDatabase } from './common.ts';

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

async function answers(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}/rest/v1/opening_hours?select=weekday&limit=1`, {
      // the publishable key: a running gateway takes it whether or not its legacy keys are on
      headers: keyHeaders(PUBLISHABLE_KEY),
      signal: AbortSignal.timeout(3_000),
    });
    return response.ok;
  } catch {
    return false;
  }
}

runCli(async () => {
  const viteEnv = loadEnv('production', ROOT, 'VITE_');
  const refusal = refuseStandInBuild(process.env, viteEnv, process.argv.slice(2));
  if (refusal) {
    console.error(refusal);
    process.exit(1);
  }
  // one moment for the public and the owner's builds (vite.config.ts: the pages' age texts)
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SITE_BUILT_AT: process.env.SITE_BUILT_AT || new Date().toISOString(),
  };
  let stack: Stack | undefined;
  let database: ResolvedDatabase | undefined;
  let source = siteDataSource(env, viteEnv);
  let origin = process.env.SITE_DATA_URL ? 'SITE_DATA_URL' : 'VITE_SUPABASE_URL';
  const local = !process.env.SITE_DATA_URL && source.url === LOCAL_SUPABASE_URL;
  if (local) {
    origin = 'the running local gateway';
    const seed = process.argv.includes('--seed');
    if (seed || !(await answers(LOCAL_SUPABASE_URL))) {
      if (seed) {
        delete process.env.DATABASE_URL;
        process.env.LOCAL_DB = 'memory';
      }
      database = await resolveDatabase();
      stack = await startStack({ database: database.target, port: 0 }).catch(
        async (error: unknown) => {
          await database?.cleanup();
          throw error;
        },
      );
      env.SITE_DATA_URL = stack.url;
      env.SITE_DATA_KEY = stack.publishableKey;
      source = { url: stack.url, key: stack.publishableKey };
      origin = `an embedded stack (${database.description})`;
    }
  }
  try {
    const data = await fetchSiteData(source);
    console.log(
      `build: ${data.services.length} active packages and the opening hours from ${origin} (${source.url})`,
    );
    const bin = path.join(ROOT, 'node_modules', '.bin');
    // Two builds (src/content/site-pages.ts, routeBuild): the public pages into BUILD_DIR, the
    // owner's apart (OWNER_BUILD_DIR); scripts/postbuild.ts moves the owner's pages and chunks in.
    const buildDir = path.resolve(ROOT, env.BUILD_DIR ?? 'build');
    const ownerDir = ownerBuildDir(buildDir);
    let code = await run(path.join(bin, 'react-router'), ['build'], {
      ...env,
      SITE_ROUTES: 'public',
      BUILD_DIR: buildDir,
    });
    if (code === 0) {
      code = await run(path.join(bin, 'react-router'), ['build'], {
        ...env,
        SITE_ROUTES: 'owner',
        BUILD_DIR: ownerDir,
      });
    }
    if (code === 0) {
      code = await run(path.join(bin, 'tsx'), ['scripts/postbuild.ts'], {
        ...env,
        BUILD_DIR: buildDir,
        OWNER_BUILD_DIR: ownerDir,
      });
    }
    if (code !== 0) throw new Error(`the build failed (exit code ${code})`);
  } finally {
    await stack?.stop();
    await database?.cleanup();
  }
});
