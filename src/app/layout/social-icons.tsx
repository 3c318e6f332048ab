import { iconSvg } from '~/components/sprite-icon';

// lucide-react no longer ships brand marks: two simple ones drawn on lucide's 24 px grid, in the
// same <svg> as every other icon (same stroke, size and aria-hidden, a few bytes each).

/** Facebook's lower-case "f". */
export const FacebookMark = iconSvg(
  'facebook-mark',
  <path d="M10.5 21V8.5A4.5 4.5 0 0 1 15 4h2.5M7 11h9" />,
);

/** Instagram's camera outline: rounded square, lens and flash dot. */
export const InstagramMark = iconSvg(
  'instagram-mark',
  <>
    <rect x="3" y="3" width="18" height="18" rx="5" />
    <circle cx="12" cy="12" r="4" />
    <path d="M17.5 6.5h.01" />
  </>,
);
