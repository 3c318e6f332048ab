import type { ClientLoaderFunctionArgs } from 'react-router';

/**
 * The catch-all of the owner's build (src/app/routes.ts), which routes the owner's pages only: a
 * link from /ejer to a public page (the site's header and footer) loads that page as a document
 * from the public build. The loader never settles, so /ejer stays on screen until the browser
 * leaves it, as with any link to another site.
 */
export function clientLoader({ request }: ClientLoaderFunctionArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

export default function Elsewhere() {
  return null;
}
