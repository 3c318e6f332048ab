import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { buildPages, routeBuild } from '../content/site-pages';

const build = routeBuild(process.env.SITE_ROUTES);

// One route per entry of the route table (src/content/site-pages.ts) in this build, then the
// catch-all: the 404 page; in the owner's build, which has no other page, a document navigation
// to the public page asked for (outside the site layout, whose build-time loader React Router
// allows only over prerendered paths).
export default [
  layout('layout/site-layout.tsx', { id: 'site' }, [
    ...buildPages(build).map(({ path, page }) =>
      path === '/' ? index(`../pages/${page}.tsx`) : route(path.slice(1), `../pages/${page}.tsx`),
    ),
    ...(build === 'owner' ? [] : [route('*', '../pages/not-found.tsx')]),
  ]),
  // '/' too: the root route (path '') would otherwise match it alone, an empty page
  ...(build === 'owner'
    ? [
        index('../pages/elsewhere.tsx', { id: 'elsewhere-home' }),
        route('*', '../pages/elsewhere.tsx', { id: 'elsewhere' }),
      ]
    : []),
] satisfies RouteConfig;
