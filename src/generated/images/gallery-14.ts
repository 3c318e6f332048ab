/**
 * GENERATED FILE, do not edit by hand. Regenerate with `npm run images` (scripts/images.ts) after
 * adding or replacing an original in assets/images/.
 */
export default {
  name: 'gallery-14',
  width: 1600,
  height: 1200,
  color: '#080818',
  hash: '9e0d6280',
  widths: [480, 800, 1200, 1600],
} as const;
