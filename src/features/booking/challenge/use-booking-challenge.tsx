import { lazy, Suspense, useCallback, useMemo, useSyncExternalStore } from 'react';
import { ChallengeController } from './controller';

// The widget (ALTCHA's web component, its styles and its worker) is its own chunk, loaded when the
// visitor first touches the form: never part of any page's first load.
const BookingChallenge = lazy(() => import('./booking-challenge'));

/**
 * The booking form's proof of work. `triggers` go on the form: the first focus, pointer press or
 * input inside it loads the widget, which then solves a challenge in the background (in Web
 * Workers). `element` is the widget with its status line. `payload()` gives the solved challenge
 * for a submit, waiting for it if need be (`current()` gives it at once when it is ready);
 * `renew()` starts a fresh one after each answer; `startSoon()` is the touch's start, for a touch
 * React did not see (a press answered before the form had hydrated, early-press.ts).
 */
export function useBookingChallenge() {
  const controller = useMemo(() => new ChallengeController(), []);
  // the first touch starts the widget in its slot (without a render of the whole form), once
  // the browser is idle; a submit starts it at once
  const start = controller.start;
  const triggers = useMemo(
    () => ({
      onFocusCapture: controller.startSoon,
      onPointerDownCapture: controller.startSoon,
      onInputCapture: controller.startSoon,
    }),
    [controller],
  );
  const payload = useCallback(() => {
    start();
    return controller.payload();
  }, [controller, start]);
  const renew = useCallback(() => controller.renew(), [controller]);
  const current = useCallback(() => controller.current(), [controller]);
  const element = useMemo(() => <ChallengeSlot controller={controller} />, [controller]);
  return { triggers, element, payload, current, renew, startSoon: controller.startSoon };
}

function ChallengeSlot({ controller }: { controller: ChallengeController }) {
  const started = useSyncExternalStore(
    controller.subscribe,
    () => controller.started,
    () => false,
  );
  return started ? (
    <Suspense fallback={null}>
      <BookingChallenge controller={controller} />
    </Suspense>
  ) : null;
}
