/**
 * What the owner's page (/ejer) says before its tool has loaded: its meta (never indexed) and its
 * frame. Apart from the tool's own copy (owner.ts), so that the page's first load carries these
 * few lines only.
 */
export const ownerPageCopy = {
  meta: {
    title: 'Dagens biler – Glanspunkt',
    description: 'Værkstedets egen side til dagens biler. Kun for indehaveren.',
  },
  heading: 'Dagens biler',
  loading: 'Henter siden...',
  failed: 'Siden kunne ikke hentes. Tjek forbindelsen, og genindlæs siden.',
} as const;
