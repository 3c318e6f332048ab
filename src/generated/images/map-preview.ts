/**
 * GENERATED FILE, do not edit by hand. Regenerate with `npm run images` (scripts/images.ts) after
 * adding or replacing an original in assets/images/.
 */
export default {
  name: 'map-preview',
  width: 1600,
  height: 900,
  color: '#081828',
  hash: '79954fbc',
  widths: [480, 800, 1200, 1600],
} as const;
