import { useEffect } from 'react';
import { Links, Meta, Outlet, Scripts, isRouteErrorResponse } from 'react-router';
import { HYDRATED_EVENT } from '~/lib/hydration';
import type { Route } from './+types/root';
import { AppProviders } from './providers';
import { ErrorScreen } from './layout/error-screen';
import { THEME_SCRIPT } from './layout/theme';
// The stylesheet as a URL, linked by the root route only: imported as a module, it became a
// dependency of every dynamic import, React Router marked its link `…css#` (react-router#14754) and
// Vite's preload helper, not finding that exact href, linked the same sheet a second time on the
// first import() (a whole-page style recalculation).
import appCss from './app.css?url';
// Inter's file for the characters of Danish copy (see app.css): preloaded, so headings do not
// re-render late in the webfont (a late LCP) and the text does not shift when it swaps in.
import interLatin from './fonts/inter-latin-core-wght-400-800.woff2?url';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: appCss },
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'preload', href: interLatin, as: 'font', type: 'font/woff2', crossOrigin: 'anonymous' },
];

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    // The prerendered HTML is dark from the first paint; the theme script switches to the stored
    // choice before paint (layout/theme.ts), hence suppressHydrationWarning on <html>.
    <html lang="da" className="dark" style={{ colorScheme: 'dark' }} suppressHydrationWarning>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b1220" />
        {/* Its text is only needed in the prerendered HTML: React hydrates the element without
            comparing or rewriting an inner HTML, so the browser bundle carries an empty one. */}
        <script
          dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? THEME_SCRIPT : '' }}
          suppressHydrationWarning
        />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // The root's effect runs after every other one of the first commit: the page is hydrated.
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}

export function HydrateFallback() {
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <AppProviders>
      <ErrorScreen />
    </AppProviders>
  );
}
