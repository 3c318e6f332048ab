/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Whether src/content/reviews.ts lists any review (set by vite.config.ts; unset in tests). */
  readonly SITE_HAS_REVIEWS?: boolean;
}

// The founding texts as of the build (src/content/founding.ts, foundingDefines; worked out by
// vite.config.ts for the prerender and the browser bundle alike, as of a fixed moment by
// vitest.config.ts).
/** The age: "2 år", "Nystartet" before the first anniversary. */
declare const SITE_FOUNDED_AGE: string;
/** The founding month: "august 2024". */
declare const SITE_FOUNDED_MONTH: string;
/** The founding month as the timeline writes it: "Aug 2024". */
declare const SITE_FOUNDED_SHORT_MONTH: string;
