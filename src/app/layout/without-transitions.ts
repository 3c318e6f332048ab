/**
 * Runs a theme change with CSS transitions switched off until the new colours are painted, so
 * elements with `transition-colors` do not fade while the rest of the page snaps.
 *
 * Only when the visitor switches: never during hydration (next-themes, used before, re-applied
 * the theme on mount: two extra whole-page style recalculations of about 100 ms each on a 4x
 * slowed CPU).
 */
export function withoutTransitions(change: () => void, doc: Document = document): void {
  const style = doc.createElement('style');
  style.textContent = '*,*::before,*::after{transition:none!important}';
  doc.head.appendChild(style);
  change();
  // wait two frames so that the new styles have been computed and painted without transitions before they come back.
  const view = doc.defaultView ?? window;
  view.requestAnimationFrame(() => view.requestAnimationFrame(() => style.remove()));
}
