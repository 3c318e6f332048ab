import type { ContentImage } from '~/content/packages';
import { cn } from '~/lib/utils';

export interface ContentPictureProps {
  image: ContentImage;
  /** Above the fold: load eagerly with high priority; otherwise lazily. */
  priority?: boolean;
  sizes?: string;
  className?: string;
}

/**
 * The image slot of the page sections. Stand-in until the image pipeline's <Picture> lands:
 * a tinted panel carrying the Danish alt text as its accessible name.
 */
export function ContentPicture({ image, className }: ContentPictureProps) {
  return (
    <div
      role="img"
      aria-label={image.alt}
      data-image={image.name}
      className={cn(
        'aspect-[4/3] w-full bg-gradient-to-br from-primary/30 via-muted to-secondary',
        className,
      )}
    />
  );
}
