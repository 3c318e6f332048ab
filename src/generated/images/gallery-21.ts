/**
 * GENERATED FILE, do not edit by hand. Regenerate with `npm run images` (scripts/images.ts) after
 * adding or replacing an original in assets/images/.
 */
export default {
  name: 'gallery-21',
  width: 1600,
  height: 1200,
  color: '#083848',
  hash: '3ae53cba',
  widths: [480, 800, 1200, 1600],
} as const;
