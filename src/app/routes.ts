import { type RouteConfig, index, layout, route } from '@react-router/dev/routes';
import { pageList } from '../content/site-pages';

// One route per entry of the route table (src/content/site-pages.ts), then the 404 catch-all.
export default [
  layout('layout/site-layout.tsx', { id: 'site' }, [
    ...pageList().map(({ path, page }) =>
      path === '/' ? index(`../pages/${page}.tsx`) : route(path.slice(1), `../pages/${page}.tsx`),
    ),
    route('*', '../pages/not-found.tsx'),
  ]),
] satisfies RouteConfig;
