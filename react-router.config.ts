import type { Config } from '@react-router/dev/config';
import { buildPages, indexedPaths, routeBuild } from './src/content/site-pages';

/** The indexed pages (the route table's entries with SEO texts): the sitemap and the SEO checks. */
export const staticPaths: readonly string[] = indexedPaths();

const build = routeBuild(process.env.SITE_ROUTES);

export default {
  appDirectory: 'src/app',
  // BUILD_DIR lets a second build run beside the usual one (e.g. a benchmark next to the tests).
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: false,
  // Every page of this build (src/content/site-pages.ts, buildPages), and '/404', which matches
  // the catch-all route (scripts/postbuild.ts copies it to 404.html); the owner's build has no 404.
  prerender: [...buildPages(build).map((p) => p.path), ...(build === 'owner' ? [] : ['/404'])],
  routeDiscovery: { mode: 'initial' },
  future: {
    // React Router v8's behaviour, taken now; none of it changes this site. No route has
    // middleware; no route module but the root (never split) exports clientLoader, clientAction,
    // clientMiddleware or HydrateFallback, so no module is split; the one loader (the site
    // layout's) does not read its request. Of the prerendered data files only the root's is
    // renamed (/_.data for /_root.data); the site never fetches it, since the layout's data is in
    // every page and never revalidated.
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
    // Not yet: with Vite's Environment API the client and the prerender are built by one `vite
    // build`, but vite.config.ts gives the client build its own options by `isSsrBuild` (the
    // chunk groups, React Router's production build, source maps, minification); those have to
    // move to `environments.client` first, and the byte budgets be measured again.
    v8_viteEnvironmentApi: false,
  },
} satisfies Config;
