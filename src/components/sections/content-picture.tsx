import { Picture } from '~/components/picture';
import type { ContentImage } from '~/content/packages';
import { cn } from '~/lib/utils';

export interface ContentPictureProps {
  image: ContentImage;
  /** Above the fold: load eagerly with high priority; otherwise lazily. */
  priority?: boolean;
  /** How wide the picture is shown (the `sizes` attribute). */
  sizes: string;
  /** Classes of the <img>; the default crop is 4:3. */
  className?: string;
}

/** A content picture from the image pipeline, cropped to fill its box. */
export function ContentPicture({ image, priority, sizes, className }: ContentPictureProps) {
  return (
    <Picture
      name={image.name}
      alt={image.alt}
      sizes={sizes}
      priority={priority}
      pictureClassName="block"
      className={cn('aspect-[4/3] w-full object-cover', className)}
    />
  );
}
