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
  buildDirectory: 'build',
  ssr: false,
  // '/404' matches the catch-all route; scripts/postbuild.ts copies it to 404.html.
  prerender: [...staticPaths, '/404'],
  routeDiscovery: { mode: 'initial' },
} satisfies Config;
