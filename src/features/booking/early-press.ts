/**
 * The booking form's presses before it has hydrated: the inline script that answers them
 * (early-press/script.ts, compiled by the build: scripts/compile-inline-script.ts) and the form's
 * side of the hand-over (takeEarlyPresses).
 */
import type { EarlyPresses, EarlyPressWindow } from './early-press/protocol';
import script from './early-press/script.ts?inline-script';

export type { EarlyPresses } from './early-press/protocol';

/** The early script's compiled text, rendered inline before the form (deferred-booking-form.tsx). */
export const EARLY_PRESS_SCRIPT: string = script;

/**
 * Called once the form has hydrated: from now on React answers. `answer` gets what the visitor
 * did before (an open early list is closed; the form reopens its own). Never in the middle of a
 * press that the early script is answering: from a pointer's press on the field or its list to
 * its click (a mouse's click comes in the pointerup's task; a tap's after it), or its cancel, or
 * the next touch, press or key when a lifted touch was no tap. Handed over between its pointerdown and
 * its click, the press was lost or doubled: the click of an option pressed in the early list
 * went to the page (the option it was pressed on had gone), and the click of a press that opened
 * the early list closed the form's list again. Until then the early script answers.
 */
export function takeEarlyPresses(answer: (early: EarlyPresses) => void): void {
  if (typeof window === 'undefined') return;
  const w = window as EarlyPressWindow;
  if (w.__bookingEarlyTake) w.__bookingEarlyTake(answer);
  else {
    w.__bookingFormHydrated = true;
    answer({});
  }
}
