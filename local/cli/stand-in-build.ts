// Whether `npm run build` may build against a local stand-in of Supabase.
//
// Without VITE_SUPABASE_URL the build reads the seed's packages from an embedded stack and ships a
// bundle that talks to http://127.0.0.1:54321: right on a developer's machine, never on a host. On
// a build server (a Vercel preview without the variable, a typo in its name) that build would go
// green and publish a site whose every booking fails, so there it is refused, unless the build says
// it wants the embedded stack on purpose (--local: the repository's own end-to-end tests).
import { supabaseConfig } from '../../src/lib/supabase-config.ts';

/** The flag of a build against the embedded stack on purpose (`npm run build:local`). */
export const LOCAL_BUILD_FLAG = '--local';

const set = (value: string | undefined) =>
  value !== undefined && value !== '' && value !== '0' && value.toLowerCase() !== 'false';

/**
 * The build server this runs on, by the variables each documents for its builds, or null on a
 * developer's machine: Netlify NETLIFY=true (always), Vercel VERCEL=1 (with its system variables
 * exposed, the default) and CI=1 in the build step, Cloudflare Pages CF_PAGES=1, and CI=true, which
 * GitHub Actions, GitLab CI and this repository's .ci/run set.
 */
export function buildServer(env: Record<string, string | undefined>): string | null {
  if (set(env.NETLIFY)) return 'Netlify';
  if (set(env.VERCEL)) return 'Vercel';
  if (set(env.CF_PAGES)) return 'Cloudflare Pages';
  if (set(env.CI)) return 'CI';
  return null;
}

/** A URL of this machine: what no visitor's browser can reach. */
export function isLoopbackUrl(url: string): boolean {
  try {
    return ['127.0.0.1', 'localhost', '[::1]', '0.0.0.0'].includes(new URL(url).hostname);
  } catch {
    return false;
  }
}

/**
 * The one line that refuses a stand-in build, or null when the build may go on: on a build server,
 * a bundle whose Supabase URL is this machine's (VITE_SUPABASE_URL unset, or set to a local one)
 * is refused unless the build asked for the embedded stack with --local. viteEnv: the VITE_
 * variables the bundle gets (the environment and the .env files, as Vite's loadEnv reads them).
 */
export function refuseStandInBuild(
  env: Record<string, string | undefined>,
  viteEnv: Record<string, string | undefined>,
  argv: readonly string[],
): string | null {
  const server = buildServer(env);
  const bundleUrl = supabaseConfig(viteEnv).url;
  if (!server || !isLoopbackUrl(bundleUrl) || argv.includes(LOCAL_BUILD_FLAG)) return null;
  const named = (viteEnv.VITE_SUPABASE_URL ?? '').trim() !== '';
  const where = server === 'CI' ? 'i CI' : `på ${server}`;
  const whereEn = server === 'CI' ? 'in CI' : `on ${server}`;
  return (
    `build: VITE_SUPABASE_URL ${named ? `er ${bundleUrl}` : 'mangler'} ${where} – sitet ville tale med en lokal erstatning (${bundleUrl}) med testpriser; ` +
    `sæt VITE_SUPABASE_URL og VITE_SUPABASE_PUBLISHABLE_KEY i værtens miljøvariabler  ` +
    `(VITE_SUPABASE_URL ${named ? `is ${bundleUrl}` : 'is not set'} ${whereEn}: the site would talk to a local stand-in with seed prices; set it in the host's environment variables, or run npm run build:local to build against the embedded stack on purpose)`
  );
}
