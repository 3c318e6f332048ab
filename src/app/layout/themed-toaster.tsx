import { useTheme } from 'next-themes';
import { Toaster } from 'sonner';

/** The toast area follows the site theme. */
export function ThemedToaster() {
  const { resolvedTheme } = useTheme();
  return (
    <Toaster
      theme={resolvedTheme === 'light' ? 'light' : 'dark'}
      position="top-center"
      duration={5000}
      visibleToasts={3}
      closeButton
      richColors
      containerAriaLabel="Notifikationer"
    />
  );
}
