import { useSyncExternalStore } from 'react';

/**
 * Toasts without sonner in the first-load JavaScript: toasts only follow a visitor's action or a
 * failed request, so sonner (about 9 KB gzipped) is loaded then, the same chunk the lazily
 * rendered <Toaster> uses (app/layout/themed-toaster.tsx). The toast area itself is rendered on
 * the first toast too: a toast is shown once the area (an aria-live region) is on the page and a
 * moment has passed, so that screen readers announce the first toast as well.
 */
type Sonner = typeof import('sonner');
type ToastOptions = Parameters<Sonner['toast']['error']>[1];

let sonner: Promise<Sonner> | undefined;

function load(): Promise<Sonner> {
  sonner ??= import('sonner').catch((error: unknown) => {
    sonner = undefined;
    throw error;
  });
  return sonner;
}

/** Whether the toast area is wanted (the first toast was asked for). */
let wanted = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
/** Resolves once the toast area is on the page and listens for toasts. */
const mounted = new Promise<void>((resolve) => {
  markMounted = () => setTimeout(resolve, LIVE_REGION_DELAY_MS);
});
/** Time between the toast area appearing and its first toast (live regions must exist first). */
const LIVE_REGION_DELAY_MS = 50;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True once a toast was asked for: <ThemedToaster> then renders the toast area. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => wanted,
    () => false,
  );
}

/** Called by the toast area once it is mounted. */
export function toasterMounted(): void {
  markMounted();
}

function show(kind: 'error' | 'success', title: string, options?: ToastOptions): void {
  // the site's toast area subscribes; where none does (a test rendering sonner's <Toaster> itself)
  // the toast goes straight to sonner
  const area = listeners.size > 0 ? mounted : undefined;
  if (!wanted) {
    wanted = true;
    for (const listener of listeners) listener();
  }
  Promise.all([load(), area]).then(
    ([{ toast }]) => toast[kind](title, options),
    // Without the library the message cannot be shown; the form's own state still tells.
    (error: unknown) => console.error('toast could not be shown', error),
  );
}

export const notify = {
  error: (title: string, options?: ToastOptions) => show('error', title, options),
  success: (title: string, options?: ToastOptions) => show('success', title, options),
};
