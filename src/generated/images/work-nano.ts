/**
 * GENERATED FILE, do not edit by hand. Regenerate with `npm run images` (scripts/images.ts) after
 * adding or replacing an original in assets/images/.
 */
export default {
  name: 'work-nano',
  width: 1600,
  height: 1200,
  color: '#384858',
  hash: 'd33daa93',
  widths: [480, 800, 1200, 1600],
} as const;
