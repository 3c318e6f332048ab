/**
 * The inline theme script as the build compiles it (src/app/layout/theme-script.ts): the stored
 * theme on <html> before the first paint, else dark. The browser's check (no flash of the dark
 * theme) is e2e/layout.spec.ts.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { THEME_SCRIPT } from '~/app/layout/theme';

const html = document.documentElement;

afterEach(() => {
  localStorage.clear();
  vi.restoreAllMocks();
  html.className = '';
  html.style.colorScheme = '';
});

describe('the theme script, as the build compiles it', () => {
  it('is one minified classic script', () => {
    expect(THEME_SCRIPT).toMatch(/^\(function\(\)\{.*\}\)\(\);$/);
  });

  it('applies a stored light theme in place of the prerendered dark one', () => {
    html.className = 'dark';
    localStorage.setItem('theme', 'light');
    new Function(THEME_SCRIPT)();
    expect(html.className).toBe('light');
    expect(html.style.colorScheme).toBe('light');
  });

  it('keeps dark without a stored choice, and when storage cannot be read', () => {
    new Function(THEME_SCRIPT)();
    expect(html.className).toBe('dark');
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('private mode');
    });
    html.className = 'light';
    new Function(THEME_SCRIPT)();
    expect(html.className).toBe('dark');
    expect(html.style.colorScheme).toBe('dark');
  });
});
