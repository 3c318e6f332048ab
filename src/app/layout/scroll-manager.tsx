import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/** Delay before the smooth scroll when a link to the current page is clicked (spec: 100 ms). */
export const SAME_PAGE_SCROLL_DELAY_MS = 100;

/** Class on <html> that turns app.css's content-visibility off (see the layout effect). */
export const RENDER_ALL = 'render-all';

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
    const save = () => {
      if (entry.current !== null) positions.set(entry.current, window.scrollY);
    };
    // A scroll event comes at the next frame, after the scroll: a click or a Back/Forward right
    // after a scroll (within that frame, or longer on a busy phone) would otherwise leave this entry
    // with an older position. So the position is also taken at the moment the entry is left: on a
    // click (it may follow a link; the capture phase runs before the router's handler) and on
    // popstate, which the browser fires before it restores the next entry's own position (HTML,
    // "update document for history step application"). After popstate the browser may move the
    // old page: not the visitor's doing, so nothing more is saved until the next page is shown.
    const onPopState = () => {
      save();
      entry.current = null;
    };
    window.addEventListener('scroll', save, { passive: true });
    window.addEventListener('click', save, true);
    window.addEventListener('popstate', onPopState, true);
    return () => {
      window.removeEventListener('scroll', save);
      window.removeEventListener('click', save, true);
      window.removeEventListener('popstate', onPopState, true);
    };
  }, []);

  // Before paint, so the scroll events the new page causes belong to its own entry.
  useLayoutEffect(() => {
    entry.current = key;
    // Parts of a page are rendered only when they near the screen (content-visibility in
    // app.css), sized by an estimate until then; a saved position is only the same text once
    // everything above it has its real height, so Back and Forward render the page in full.
    document.documentElement.classList.remove(RENDER_ALL);
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
      document.documentElement.classList.add(RENDER_ALL);
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
