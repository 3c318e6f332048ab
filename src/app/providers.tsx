import { ThemeProvider } from 'next-themes';
import type { ReactNode } from 'react';
import { ThemedToaster } from './layout/themed-toaster';

/** App-wide providers: the colour theme (dark by default, system ignored) and the toast area. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider
      attribute="class"
      defaultTheme="dark"
      enableSystem={false}
      storageKey="theme"
      themes={['light', 'dark']}
      // no disableTransitionOnChange: the toggle does it (see layout/without-transitions.ts)
    >
      {children}
      <ThemedToaster />
    </ThemeProvider>
  );
}
