import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Delay before the smooth scroll when a link to the current page is clicked (spec: 100 ms). */
export const SAME_PAGE_SCROLL_DELAY_MS = 100;

/** Scroll position per history entry (React Router's location key), for Back and Forward. */
const positions = new Map<string, number>();

/**
 * What React Router's <ScrollRestoration/> does, in the few lines this site needs (it would add its
 * code and an inline script to every page's first load, and write sessionStorage before any
 * consent):
 * - a new navigation lands at the top of the new page (or at its #anchor);
 * - Back and Forward land where the visitor was on that history entry (kept in memory; after a
 *   reload the browser's own restoration applies);
 * - a link to the page one is already on scrolls smoothly to the top after 100 ms.
 */
export function ScrollManager() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  /** The entry scroll events belong to; null between a Back/Forward and the render of its page. */
  const entry = useRef<string | null>(key);
  /** The path and #anchor shown; null before the first render. */
  const shown = useRef<string | null>(null);

  useEffect(() => {
    const onScroll = () => {
      if (entry.current !== null) positions.set(entry.current, window.scrollY);
    };
    // The browser may move the old page when the history entry changes: not the visitor's doing.
    const onPopState = () => {
      entry.current = null;
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, []);

  // Before paint, so the scroll events the new page causes belong to its own entry.
  useLayoutEffect(() => {
    entry.current = key;
    const previous = shown.current;
    shown.current = pathname + hash;
    // The first load is the browser's: it already shows the right place, and a visitor who
    // scrolled before hydration finished must not be thrown back.
    if (previous === null) return;
    // A link to the page one is on (React Router makes it a new entry with the same path).
    if (previous === shown.current && navigationType !== 'POP') {
      const timer = setTimeout(
        () => window.scrollTo({ top: 0, behavior: 'smooth' }),
        SAME_PAGE_SCROLL_DELAY_MS,
      );
      return () => clearTimeout(timer);
    }
    if (navigationType === 'POP') {
      const saved = positions.get(key);
      if (saved === undefined) return;
      // Again on the next frames while the page is still too short to get there (late layout).
      let frame = 0;
      let tries = 0;
      const restore = () => {
        window.scrollTo(0, saved);
        if (Math.abs(window.scrollY - saved) > 1 && ++tries < 30) {
          frame = requestAnimationFrame(restore);
        }
      };
      restore();
      return () => cancelAnimationFrame(frame);
    }
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) return target.scrollIntoView();
    }
    window.scrollTo(0, 0);
  }, [key, pathname, hash, navigationType]);

  return null;
}
