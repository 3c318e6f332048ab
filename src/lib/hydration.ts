/**
 * The event the app dispatches on `window` once React has hydrated the prerendered page (the root
 * route's first effect). The deferred boot script (src/app/deferred-boot/script.ts) waits for it to
 * replay a button click that came before hydration.
 */
export const HYDRATED_EVENT = 'glanspunkt:hydrated';
