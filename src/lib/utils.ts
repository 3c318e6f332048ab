import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names (clsx). No tailwind-merge (8.5 KB gzipped on every page): a component's own
 * classes and a caller's `className` must not set the same property; where a caller changes one,
 * the component takes it as a prop or variant instead. The prerendered pages are checked for
 * such conflicts by e2e/class-conflicts.spec.ts.
 */
export function cn(...inputs: ClassValue[]) {
  return clsx(inputs);
}
