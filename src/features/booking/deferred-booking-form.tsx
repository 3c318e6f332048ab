import { lazy, Suspense } from 'react';
import { EARLY_PRESS_SCRIPT } from './early-press';

/**
 * When the booking form's code may load: at once on the server (the prerender writes the whole
 * form into the HTML), in the browser when the form comes into the viewport (a link to #form, or
 * scrolling down to it) or at the visitor's first touch, key press, pointer press or focus
 * anywhere on the page, whichever comes first.
 */
let trigger: Promise<void> | undefined;

export function formWanted(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  trigger ??= new Promise<void>((resolve) => {
    const events = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
    const form = document.getElementById('form');
    const observer =
      form && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver(
            (entries) => {
              if (entries.some((entry) => entry.isIntersecting)) done();
            },
            // once the form is on screen: on a phone it starts about two screens down, and
            // loading it a screen ahead made every plain load of /contact load, evaluate and
            // hydrate it (about 100 ms of long tasks under a 4x slower CPU, Lighthouse's TBT)
            // though the visitor may never scroll to it. Until it has hydrated the prerendered
            // form answers (the service field's early list, early-press.ts; text fields are HTML).
            { rootMargin: '0px' },
          )
        : undefined;
    function done() {
      for (const type of events) window.removeEventListener(type, done, true);
      observer?.disconnect();
      resolve();
    }
    if (!form || !observer) {
      done();
      return;
    }
    for (const type of events)
      window.addEventListener(type, done, { capture: true, passive: true });
    observer.observe(form);
  });
  return trigger;
}

const LazyBookingForm = lazy(() =>
  formWanted()
    .then(() => import('./components/booking-form'))
    .then((module) => ({ default: module.BookingForm })),
);

/**
 * The booking form in its own Suspense boundary. The prerender waits for it (the form's HTML is
 * streamed into place by React's inline completion script, allowed by the CSP's script hashes).
 * The page hydrates without the form's code
 * (React keeps the form's prerendered HTML as it is, unhydrated); the form's chunk (react-query,
 * Radix Popover, the form) loads and hydrates on its own once wanted (see formWanted).
 * Until then the prerendered form is the form as it looks with the build's services (the
 * service field enabled); a press on the form starts the load at once, and a press on the
 * service field opens its list once the form has hydrated (early-press.ts).
 */
export function BookingForm() {
  return (
    <>
      {/* notes a press on the service field before the form has hydrated (see early-press.ts).
          Its text is only needed in the prerendered HTML: React hydrates the element without
          comparing or rewriting an inner HTML (as the theme script in root.tsx), so the browser
          bundle carries an empty one, not a second copy of the script (2.3 KB gzipped). */}
      <script
        dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? EARLY_PRESS_SCRIPT : '' }}
        suppressHydrationWarning
      />
      <Suspense fallback={null}>
        <LazyBookingForm />
      </Suspense>
    </>
  );
}
