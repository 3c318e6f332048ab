import type { Config } from '@react-router/dev/config';

/** Every route the site has; also the source of the prerender list and the sitemap. */
export const staticPaths = [
  '/',
  '/services',
  '/about',
  '/vores-arbejde',
  '/contact',
  '/privatlivspolitik',
];

export default {
  appDirectory: 'src/app',
  // BUILD_DIR lets a second build run beside the usual one (e.g. a benchmark next to the tests).
  buildDirectory: process.env.BUILD_DIR ?? 'build',
  ssr: false,
  // '/404' matches the catch-all route; scripts/postbuild.ts copies it to 404.html.
  // '/afbestil' and '/flyt' (the cancel and move pages, noindex) are prerendered but kept out of
  // staticPaths (sitemap).
  prerender: [...staticPaths, '/404', '/afbestil', '/flyt'],
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
