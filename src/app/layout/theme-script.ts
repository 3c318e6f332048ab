/**
 * Inline in <head> (src/app/root.tsx, compiled by scripts/compile-inline-script.ts): runs before
 * the first paint, so a visitor who chose the light theme never sees the dark one flash.
 */
import { applyTheme, storedTheme } from './theme-storage';

applyTheme(storedTheme());
