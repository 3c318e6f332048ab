import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { compileHints } from './scripts/compile-hints.ts';
import { iconSprite } from './scripts/icon-sprite.ts';
import { inlineScript } from './scripts/compile-inline-script.ts';
import { preloadHelper } from './scripts/preload-helper.ts';
import { business } from './src/content/business.ts';
import { foundingDefines } from './src/content/founding.ts';
import { reviews } from './src/content/reviews.ts';

/**
 * React with React DOM, and React Router: what every page needs to hydrate, in two long-cached
 * chunks (two, so that the browser can evaluate them in two shorter tasks, see
 * scripts/defer-hydration.ts).
 */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
const ROUTER =
  /[\\/]node_modules[\\/](react-router|@react-router|cookie|set-cookie-parser|turbo-stream)[\\/]/;
/**
 * The site's shell and the small pieces most pages share: layout, buttons, icons, section
 * components, theme. Not src/lib/supabase.ts: a group takes its modules' imports with it.
 */
const SITE = [
  /[\\/]src[\\/]app[\\/]/,
  /[\\/]src[\\/]lib[\\/](utils|hydration|use-hydrated|site-data|site-url|format|toast|meta)\./,
  /[\\/]src[\\/]components[\\/](logo|picture|sprite-icon|ui[\\/](button|slot))\./,
  // the small sections most pages show (one file instead of six or seven small ones per page)
  /[\\/]src[\\/]components[\\/]sections[\\/](section-heading|page-hero|closing-cta|action-link|opening-hours|stat-grid|icon-point-grid|service-contact-link|content-picture)\./,
  /[\\/]src[\\/]content[\\/]sections\./,
  /[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](clock|check|message-square|shield-check|users|heart-handshake|calendar|badge-check)\./,
  /[\\/]src[\\/]content[\\/](navigation|business|seo)\./,
  /[\\/]node_modules[\\/]clsx[\\/]/,
];

/**
 * The owner's build (SITE_ROUTES=owner, src/content/site-pages.ts): its frame is the header and
 * the footer; the prices and durations are written only by the tool it loads with import(), so
 * lib/format goes with the tool, not into the frame's shell chunk.
 */
const OWNER_FRAME_SKIPS = /[\\/]src[\\/]lib[\\/]format\./;
const inShell = (id: string) =>
  SITE.some((re) => re.test(id)) &&
  !(process.env.SITE_ROUTES === 'owner' && OWNER_FRAME_SKIPS.test(id));

/** The chunks of the groups above and the bundler's runtime: every page loads them first. */
const SHELL_CHUNK = /(^|\/)assets\/(react|router|site|rolldown-runtime)-[\w-]+\.js$/;

/**
 * The moment the site is built, and the founding texts as of it (the workshop's age, "2 år"; see
 * src/content/founding.ts), worked out here once: the prerender and the browser bundle take the
 * same texts, so the hydrated page says what the prerendered one says, whatever the visitor's
 * clock. `react-router build` runs the two builds in one process and loads this file for each: the
 * first build's moment is kept in the environment for the second (npm run build sets it once for
 * all of its builds). SITE_BUILT_AT=<ISO time> builds the site as of another moment. The dev server
 * takes its start: restart it to see an edit of the founding (business.ts, founding.ts).
 */
const builtAt = new Date((process.env.SITE_BUILT_AT ||= new Date().toISOString()));
if (Number.isNaN(builtAt.getTime())) {
  throw new Error(`SITE_BUILT_AT is not a time: ${process.env.SITE_BUILT_AT}`);
}

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [
    iconSprite(fileURLToPath(new URL('.', import.meta.url))),
    tailwindcss(),
    // `import code from './x.ts?inline-script'`: x.ts compiled into an inline classic script
    inlineScript(),
    reactRouter(),
    // a smaller helper for import()'s preloading (0.3 KB less on every page)
    preloadHelper(fileURLToPath(new URL('.', import.meta.url))),
    // V8's eager-compile hint on React's and React Router's chunks (docs/performance.md);
    // PERF_COMPILE_HINTS=react,router,site (group names, or 'none') to measure other choices
    compileHints((process.env.PERF_COMPILE_HINTS ?? 'react,router').split(',')),
  ],
  // Whether src/content/reviews.ts lists any review, known when the site is built: with none (as
  // committed) the pages' reviews section and its code are left out of the bundle, so the empty
  // list costs no bytes (src/pages/home.tsx, src/pages/about.tsx). The dev server reads it at
  // start: restart it after adding the first review.
  define: {
    'import.meta.env.SITE_HAS_REVIEWS': JSON.stringify(reviews.length > 0),
    ...foundingDefines(business.founded, builtAt),
  },
  resolve: {
    alias: {
      '~': fileURLToPath(new URL('./src', import.meta.url)),
      // React Router's package exports point every condition at its development build, whose
      // only difference is ENABLE_DEV_WARNINGS = true (warning code in every page's first load);
      // the production browser bundle takes the production build instead (0.6 KB gzipped less)
      ...(command !== 'build' || isSsrBuild
        ? {}
        : {
            'react-router/dom': fileURLToPath(
              new URL(
                './node_modules/react-router/dist/production/dom-export.mjs',
                import.meta.url,
              ),
            ),
            'react-router': fileURLToPath(
              new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
            ),
          }),
    },
  },
  // the prerender draws the icons from the sprite too (scripts/icon-sprite.ts), so lucide-react is
  // bundled into the server build instead of imported from node_modules
  ssr: command === 'build' ? { noExternal: ['lucide-react'] } : {},
  server: { port: Number(process.env.PORT ?? 5173), strictPort: true },
  // Dev: pre-bundle what the pages load, the lazily imported libraries too, at start-up; found
  // later, they make Vite re-optimise and reload the page under the visitor.
  optimizeDeps: {
    include: [
      '@radix-ui/react-dialog',
      '@radix-ui/react-popover',
      '@supabase/auth-js',
      '@supabase/functions-js',
      '@supabase/postgrest-js',
      '@tanstack/react-query',
      'clsx',
      'date-fns',
      'date-fns/locale',
      'lucide-react',
      'react-day-picker',
      'react-day-picker/locale',
      'sonner',
    ],
  },
  build: isSsrBuild
    ? {}
    : {
        // What an import() preloads beside the chunk it loads (which import() itself fetches):
        // not the shell's chunks (React, React Router, the site shell and the bundler's runtime,
        // the groups below). Every page has loaded them before any import() runs, and each chunk
        // that has an import() would otherwise carry their names in its list.
        modulePreload: {
          resolveDependencies: (file: string, deps: string[]) =>
            deps.filter((dep) => dep !== file && !SHELL_CHUNK.test(dep)),
        },
        // PERF_SOURCEMAP=1: source maps, to attribute a chunk's bytes to its modules
        sourcemap: process.env.PERF_SOURCEMAP === '1',
        // PERF_NOMINIFY=1: readable chunks, so that a CPU profile's line ticks name the statement
        minify: process.env.PERF_NOMINIFY !== '1',
        rolldownOptions: {
          // The page sections and the content modules only declare: a module whose exports a page
          // does not use is left out with its imports (the reviews section while there are no
          // reviews would otherwise stay as a chunk of its JSX runtime import). undefined: the
          // default for every other module.
          treeshake: {
            moduleSideEffects: (id: string) =>
              /[\\/]src[\\/](components[\\/]sections|content)[\\/][^?]*\.tsx?$/.test(id)
                ? false
                : undefined,
          },
          output: {
            // Fewer, larger chunks: the automatic split gave a page 17-30 small files, each a
            // request and a modulepreload to process. React, React Router and the site shell get
            // a chunk each; the rest (page code, and what only import() reaches: supabase-js,
            // sonner, the calendar) is split automatically.
            codeSplitting: {
              groups: [
                { name: 'react', test: REACT, priority: 3 },
                {
                  name: 'router',
                  // not React Router's default entry.client (in @react-router/dev): it hydrates
                  // when it runs, so it must stay its own chunk, run after the route modules
                  test: (id) => ROUTER.test(id) && !/entry\.client/.test(id),
                  priority: 2,
                },
                {
                  // the package cards and the "more" link beside them, in one chunk: the cards'
                  // pages load it first, and the /services sections loaded later take the link from
                  // it (apart, it was a request of its own on /)
                  name: 'package-card',
                  test: /[\\/]src[\\/]components[\\/]sections[\\/](package-card|more-link|price-ranges)\./,
                  priority: 0,
                },
                {
                  // the frame of the e-mail links' pages (/afbestil, /flyt, /nej-tak) and the call
                  // they make, in one chunk: split, the call was a chunk of its own (the contact
                  // page's forms make it too), a request and 86 B more on each link page
                  name: 'booking-link',
                  test: /[\\/]src[\\/](components[\\/]booking-link|content[\\/]booking-link|lib[\\/]link-call)\./,
                  priority: 0,
                },
                {
                  name: 'site',
                  // not the client entry (src/app/entry.client.tsx): it hydrates when it runs
                  test: (id) => inShell(id) && !/entry\.client/.test(id),
                  priority: 1,
                },
              ],
            },
          },
        },
      },
}));
