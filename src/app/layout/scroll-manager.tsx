import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** Delay before the smooth scroll when a link to the current page is clicked (spec: 100 ms). */
export const SAME_PAGE_SCROLL_DELAY_MS = 100;

/**
 * Every navigation lands at the top of the new page (or at its #anchor); clicking a link to the
 * page one is already on scrolls smoothly to the top after a short delay.
 */
export function ScrollManager() {
  const { pathname, hash } = useLocation();
  const firstRender = useRef(true);

  useEffect(() => {
    // The first load is the browser's: it already shows the top (or the #anchor), and a visitor
    // who scrolled before hydration finished must not be thrown back.
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) {
        return;
      }
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank') return;
      const url = new URL(anchor.href, window.location.href);
      if (url.origin !== window.location.origin || url.hash) return;
      if (url.pathname !== window.location.pathname) return;
      window.setTimeout(() => {
        window.scrollTo({ top: 0, behavior: 'smooth' });
      }, SAME_PAGE_SCROLL_DELAY_MS);
    };
    // Capture phase: runs before React Router's <Link> handles (and prevents) the click.
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, []);

  return null;
}
