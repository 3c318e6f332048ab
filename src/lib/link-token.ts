import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useHydrated } from './use-hydrated';

/** The secret of the links in the booking e-mails: exactly 64 lower-case hex characters. */
export const LINK_TOKEN = /^[0-9a-f]{64}$/;

/** The token of a ?token=… query in its exact format, else null (nothing is trimmed or fixed). */
export function linkToken(search: string): string | null {
  const token = new URLSearchParams(search).get('token');
  return token !== null && LINK_TOKEN.test(token) ? token : null;
}

/**
 * Reads the link's token once after hydration and takes it out of the address bar at once
 * (history.replaceState through the router), so it stays neither in the visible address, nor in
 * the browser's history, nor in a Referer. Returns undefined until read (prerender, hydration),
 * then the token or null when the address held none of the right format.
 */
export function useLinkToken(): string | null | undefined {
  const hydrated = useHydrated();
  const location = useLocation();
  const navigate = useNavigate();
  // the address as the page was opened; kept after the token is taken out of the address bar
  const [opened] = useState(location.search);

  useEffect(() => {
    if (!hydrated) return;
    const params = new URLSearchParams(location.search);
    if (!params.has('token')) return;
    params.delete('token');
    const rest = params.toString();
    void navigate(
      { pathname: location.pathname, search: rest ? `?${rest}` : '', hash: location.hash },
      { replace: true, preventScrollReset: true },
    );
  }, [hydrated, location, navigate]);

  return hydrated ? linkToken(opened) : undefined;
}
