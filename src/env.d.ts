/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Whether src/content/reviews.ts lists any review (set by vite.config.ts; unset in tests). */
  readonly SITE_HAS_REVIEWS?: boolean;
}
