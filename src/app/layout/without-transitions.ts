/**
 * Runs a theme change with CSS transitions switched off until the new colours are painted, so
 * elements with `transition-colors` do not fade while the rest of the page snaps.
 *
 * next-themes can do this itself (`disableTransitionOnChange`), but it then also does it when it
 * mounts, re-applying the theme the inline script already set: two extra whole-page style
 * recalculations during hydration (about 100 ms each on a 4x slowed CPU). Doing it here, only when
 * the visitor switches, keeps hydration free of them.
 */
export function withoutTransitions(change: () => void, doc: Document = document): void {
  const style = doc.createElement('style');
  style.textContent = '*,*::before,*::after{transition:none!important}';
  doc.head.appendChild(style);
  change();
  // next-themes applies the class in an effect after React's commit; wait two frames so that the
  // new styles have been computed and painted without transitions before they come back.
  const view = doc.defaultView ?? window;
  view.requestAnimationFrame(() => view.requestAnimationFrame(() => style.remove()));
}
