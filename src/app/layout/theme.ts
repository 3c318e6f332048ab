import { useSyncExternalStore } from 'react';

/**
 * The colour theme (spec: light or dark, dark by default), kept in localStorage under `theme`
 * as the class `light` or `dark` on <html> with the matching `color-scheme`. Replaces next-themes
 * (1.4 KB gzipped on every page) with what the site used of it: no system theme, two themes, the
 * stored choice applied before the first paint (THEME_SCRIPT, inline in <head>) and followed
 * across tabs.
 */
export type Theme = 'light' | 'dark';

const KEY = 'theme';

/** Runs before the first paint: the stored theme, else dark (the prerendered HTML is dark). */
export const THEME_SCRIPT = `(function(){try{var t=localStorage.getItem("${KEY}")==="light"?"light":"dark",d=document.documentElement;d.classList.remove("light","dark");d.classList.add(t);d.style.colorScheme=t}catch(e){}})()`;

function stored(): Theme {
  try {
    return localStorage.getItem(KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

function apply(theme: Theme) {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}

const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key !== KEY) return;
    apply(stored());
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
    localStorage.setItem(KEY, theme);
  } catch {
    // private mode: the theme holds for this page only
  }
  apply(theme);
  for (const listener of listeners) listener();
}

/** The current theme; dark while prerendering and during hydration. */
export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, stored, () => 'dark');
}
