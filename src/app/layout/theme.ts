import { useSyncExternalStore } from 'react';
import script from './theme-script.ts?inline-script';
import { applyTheme, storedTheme, THEME_KEY, type Theme } from './theme-storage';

/**
 * The colour theme (spec: light or dark, dark by default), kept in localStorage under `theme`
 * as the class `light` or `dark` on <html> with the matching `color-scheme` (theme-storage.ts).
 * Replaces next-themes (1.4 KB gzipped on every page) with what the site used of it: no system
 * theme, two themes, the stored choice applied before the first paint (THEME_SCRIPT, inline in
 * <head>) and followed across tabs.
 */
export type { Theme } from './theme-storage';

/** Runs before the first paint: the stored theme, else dark (theme-script.ts, compiled). */
export const THEME_SCRIPT: string = script;

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_KEY) return;
    applyTheme(storedTheme());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Stores and applies a theme. */
export function setTheme(theme: Theme) {
  try {
    localStorage.setItem(THEME_KEY, theme);
  } catch {
    // private mode: the theme holds for this page only
  }
  applyTheme(theme);
  for (const listener of listeners) listener();
}

/** The current theme; dark while prerendering and during hydration. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, storedTheme, () => 'dark');
}
