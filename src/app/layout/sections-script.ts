/**
 * Inline in the prerendered <head> (root.tsx): at the load event, the sections app.css skips on
 * the first paint are rendered for good (`sections-shown` on <html>), so from then on, well before
 * the page hydrates, it is rendered exactly as without that rule: nothing contained, no estimate a
 * jump (End, a link to a section, the smooth scroll to the top) could meet, and the page's text
 * (innerText, copy) whole even when its scripts never run.
 */
export const SECTIONS_SCRIPT = `addEventListener("load",function(){document.documentElement.classList.add("sections-shown")});`;
