/**
 * Where the colour theme is kept and how it is shown: localStorage's `theme`, and the class
 * `light` or `dark` on <html> with the matching `color-scheme`. Shared by the theme switch
 * (theme.ts) and the inline script that applies the stored theme before the first paint
 * (theme-script.ts, compiled by the build), so no imports.
 */
export type Theme = 'light' | 'dark';

export const THEME_KEY = 'theme';

/** The stored theme, else dark (the prerendered HTML is dark). */
export function storedTheme(): Theme {
  try {
    return localStorage.getItem(THEME_KEY) === 'light' ? 'light' : 'dark';
  } catch {
    return 'dark';
  }
}

export function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.remove('light', 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
}
