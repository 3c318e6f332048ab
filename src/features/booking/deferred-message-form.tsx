import { lazy, Suspense } from 'react';
import { formWanted } from './deferred-booking-form';

// Loads when the booking form does (formWanted: the booking form above it comes on screen, or the
// visitor's first touch, key press or focus anywhere on the page), so /contact's first load
// carries neither form's code; a link straight to #besked loads it at the first touch.
const LazyMessageSection = lazy(() =>
  formWanted()
    .then(() => import('./message/message-section'))
    .then((module) => ({ default: module.MessageSection })),
);

/**
 * The message form's section ("Skriv til os", #besked) in its own Suspense boundary: the
 * prerender writes its HTML, the page hydrates without its code, and its chunk loads and hydrates
 * once wanted. Until then the prerendered fields take what the visitor types.
 */
export function MessageForm() {
  return (
    <Suspense fallback={null}>
      <LazyMessageSection />
    </Suspense>
  );
}
