import type { ReactNode } from 'react';
import { ThemedToaster } from './layout/themed-toaster';

/**
 * App-wide providers: the toast area. The colour theme needs no provider (layout/theme.ts: the
 * stored theme is applied by an inline script before the first paint).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ThemedToaster />
    </>
  );
}
