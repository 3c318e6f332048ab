import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import type { ToasterProps } from 'sonner';
import { toasterMounted, useToasterWanted } from '~/lib/toast';
import { useTheme } from './theme';

// Toasts only follow a visitor's action, so the toast library stays out of the first-load bundle.
// If sonner cannot be loaded (offline), no toast area rather than the page's error screen.
const NoToaster: ComponentType<ToasterProps> = () => null;
const Toaster = lazy(() =>
  import('sonner').then(
    (module) => ({ default: module.Toaster as ComponentType<ToasterProps> }),
    () => ({ default: NoToaster }),
  ),
);

/** Tells src/lib/toast.ts that the toast area is on the page (its effect runs after sonner's). */
function Mounted() {
  useEffect(() => toasterMounted(), []);
  return null;
}

/**
 * The toast area, following the site theme. It is rendered when the first toast is asked for
 * (src/lib/toast.ts), not on every page load: loading and rendering sonner right after the
 * hydration cost every page a long task.
 */
export function ThemedToaster() {
  const theme = useTheme();
  if (!useToasterWanted()) return null;
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
      <Mounted />
    </Suspense>
  );
}
