/**
 * GENERATED FILE, do not edit by hand. Regenerate with `npm run images` (scripts/images.ts) after
 * adding or replacing an original in assets/images/.
 */
export default {
  name: 'gallery-09',
  width: 1600,
  height: 1200,
  color: '#382828',
  hash: '21b1cfee',
  widths: [480, 800, 1200, 1600],
} as const;
