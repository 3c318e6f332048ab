/**
 * Toasts without sonner in the first-load JavaScript: toasts only follow a visitor's action or a
 * failed request, so sonner (about 9 KB gzipped) is loaded then, the same chunk the lazily
 * rendered <Toaster> uses (app/layout/themed-toaster.tsx).
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

function show(kind: 'error' | 'success', title: string, options?: ToastOptions): void {
  load().then(
    ({ toast }) => toast[kind](title, options),
    // Without the library the message cannot be shown; the form's own state still tells.
    (error: unknown) => console.error('toast could not be shown', error),
  );
}

export const notify = {
  error: (title: string, options?: ToastOptions) => show('error', title, options),
  success: (title: string, options?: ToastOptions) => show('success', title, options),
};
