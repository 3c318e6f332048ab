import { lazy, Suspense } from 'react';
import { useHydrated } from '~/lib/use-hydrated';
import { useTheme } from './theme';

// Toasts only follow a visitor's action, so the toast library stays out of the first-load bundle.
const Toaster = lazy(() => import('sonner').then((module) => ({ default: module.Toaster })));

/** The toast area follows the site theme. */
export function ThemedToaster() {
  const theme = useTheme();
  const hydrated = useHydrated();
  if (!hydrated) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={theme}
        position="top-center"
        duration={5000}
        visibleToasts={3}
        closeButton
        richColors
        containerAriaLabel="Notifikationer"
      />
    </Suspense>
  );
}
