/**
 * Copy of the page behind a review request's "Nej tak til den slags beskeder" link (/nej-tak). The
 * answers to the link (recorded, unknown link) are the function's own words
 * (supabase/functions/_shared/review-opt-out.ts); these are the page's frame and its fallbacks.
 */
export const reviewOptOutCopy = {
  meta: {
    title: 'Nej tak til anmodninger om anmeldelse – Glanspunkt',
    description: 'Sig nej tak til anmodninger om anmeldelse fra Glanspunkt.',
  },
  heading: 'Nej tak til anmodninger om anmeldelse',
  saving: 'Vi noterer dit nej tak...',
  done: { title: 'Det er noteret' },
  invalid: {
    title: 'Linket virker ikke',
    body: 'Linket er ugyldigt. Tjek, at du har brugt hele linket fra e-mailen, eller ring til os, så noterer vi det.',
  },
  notFound: { title: 'Linket virker ikke' },
  /** No answer, or one without our words: our server, not the visitor. */
  failed: {
    title: 'Vi kunne ikke nå vores server',
    body: 'Dit nej tak er ikke noteret endnu. Prøv igen om lidt, eller ring til os, så noterer vi det.',
    retry: 'Prøv igen',
  },
} as const;
