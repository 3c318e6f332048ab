import type { Config } from '@react-router/dev/config';
import { indexedPaths, pageList } from './src/content/site-pages';

/** The indexed pages (the route table's entries with SEO texts): the sitemap and the SEO checks. */
export const staticPaths: readonly string[] = indexedPaths();

export default {
  appDirectory: 'src/app',
  // BUILD_DIR lets a second build run beside the usual one (e.g. a benchmark next to the tests).
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: false,
  // Every page of the route table, and '/404', which matches the catch-all route;
  // scripts/postbuild.ts copies it to 404.html.
  prerender: [...pageList().map((p) => p.path), '/404'],
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
