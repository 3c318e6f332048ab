import { Picture } from '~/components/picture';
import type { ContentImage } from '~/content/packages';
import { cn } from '~/lib/utils';

export interface ContentPictureProps {
  image: ContentImage;
  /** Above the fold: load eagerly with high priority; otherwise lazily. */
  priority?: boolean;
  /** How wide the picture is shown (the `sizes` attribute). */
  sizes: string;
  /** Classes of the <img>. */
  className?: string;
  /**
   * 'cover' (default) crops the picture to a 4:3 box; 'intrinsic' shows all of it at its own
   * aspect ratio (the home hero's 16:9 drawing, whose car must keep its tail and nose); 'card'
   * crops to 16:9 on phones (shorter cards) and 4:3 wider (`card-picture` in app.css).
   */
  fit?: 'cover' | 'intrinsic' | 'card';
}

/** A content picture from the image pipeline, cropped to fill its box. */
export function ContentPicture({
  image,
  priority,
  sizes,
  className,
  fit = 'cover',
}: ContentPictureProps) {
  return (
    <Picture
      image={image}
      alt={image.alt}
      sizes={sizes}
      priority={priority}
      pictureClassName="block"
      className={cn(
        fit === 'cover' && !className?.includes('aspect-') && 'aspect-[4/3]',
        fit === 'cover' ? 'w-full object-cover' : fit === 'card' ? 'card-picture' : 'w-full',
        className,
      )}
    />
  );
}
