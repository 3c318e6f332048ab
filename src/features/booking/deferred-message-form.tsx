import { lazy, Suspense } from 'react';
import { MESSAGE_ANCHOR } from '~/content/message-form';

/**
 * When the message form's code may load: at once on the server (the prerender writes the form
 * into the HTML), in the browser when its section comes on screen or at the visitor's first
 * touch, key press or focus, whichever comes first; so /contact's first load does not carry it.
 */
let trigger: Promise<void> | undefined;

function formWanted(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  trigger ??= new Promise<void>((resolve) => {
    const events = ['pointerdown', 'touchstart', 'keydown', 'focusin'] as const;
    const section = document.getElementById(MESSAGE_ANCHOR);
    const observer =
      section && typeof IntersectionObserver === 'function'
        ? new IntersectionObserver((entries) => {
            if (entries.some((entry) => entry.isIntersecting)) done();
          })
        : undefined;
    function done() {
      for (const type of events) window.removeEventListener(type, done, true);
      observer?.disconnect();
      resolve();
    }
    if (!section || !observer) {
      done();
      return;
    }
    for (const type of events)
      window.addEventListener(type, done, { capture: true, passive: true });
    observer.observe(section);
  });
  return trigger;
}

const LazyMessageForm = lazy(() =>
  formWanted()
    .then(() => import('./message/message-form'))
    .then((module) => ({ default: module.MessageForm })),
);

/**
 * The message form ("Skriv til os") in its own Suspense boundary: the prerender writes its HTML,
 * the page hydrates without its code, and its chunk loads and hydrates once wanted (formWanted).
 */
export function MessageForm() {
  return (
    <Suspense fallback={null}>
      <LazyMessageForm />
    </Suspense>
  );
}
