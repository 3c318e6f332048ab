/**
 * The workshop's own Facebook videos shown on the portfolio page (./embeds.ts derives the embed
 * addresses). They are placeholders until the owner puts the real video addresses here: the build's
 * warning and `npm run check:live` list them while they still say PLACEHOLDER
 * (./business-placeholders.ts).
 */
export const videoLinks = {
  polish: 'https://www.facebook.com/PLACEHOLDER-glanspunkt/videos/1000000000000001/',
  fire: 'https://www.facebook.com/PLACEHOLDER-glanspunkt/videos/1000000000000002/',
} as const;
