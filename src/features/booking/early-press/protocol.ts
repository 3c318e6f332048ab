/**
 * What the early script (script.ts, inline in the page) and the hydrated form
 * (../early-press.ts, takeEarlyPresses) share: the globals on `window` through which the form
 * takes the presses over, and what it is handed. Types only: each side is compiled on its own.
 */

export interface EarlyPresses {
  /** The early list was open: the form opens its own. */
  open?: boolean;
  /** The option that had the focus in the open early list (null: the list itself had it). */
  active?: string | null;
  /** The service chosen in the early list. */
  pick?: string;
  /** Tab on the field after that choice: the date, enabled once the form has hydrated, is next. */
  tab?: 1;
  /** "Book tid" tapped or Enter pressed in a field while something was missing. */
  missing?: 1;
}

/** What the early script has noted so far (`window.__bookingEarly`). */
export type EarlyNotes = Pick<EarlyPresses, 'pick' | 'tab' | 'missing'>;

export interface EarlyPressWindow {
  __bookingEarly?: EarlyNotes;
  /** Set by the early script: hands the presses over (see takeEarlyPresses). */
  __bookingEarlyTake?: (answer: (early: EarlyPresses) => void) => void;
  /** Set once the form answers: the early script ignores every event from then on. */
  __bookingFormHydrated?: boolean;
}
