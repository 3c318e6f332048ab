import type { CSSProperties } from 'react';
import type { ImageManifestEntry } from '~/generated/image-manifest';
import { cn } from '~/lib/utils';

type Format = 'avif' | 'webp';

/** URL of one generated variant (see scripts/images/pipeline.ts for the naming). */
export function imageUrl({ name, hash }: ImageManifestEntry, width: number, format: Format) {
  return `/images/${name}-${width}.${hash}.${format}`;
}

export function imageSrcSet(image: ImageManifestEntry, format: Format) {
  return image.widths.map((w) => `${imageUrl(image, w, format)} ${w}w`).join(', ');
}

/** The variant used as the plain `src` fallback: 800 px wide or the largest below that. */
export function fallbackWidth({ widths, width }: ImageManifestEntry) {
  return widths.filter((w) => w <= 800).at(-1) ?? widths[0] ?? width;
}

export interface PictureProps {
  image: ImageManifestEntry;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown, e.g. '(min-width: 1024px) 33vw, 100vw'. */
  sizes: string;
  /** Above-the-fold images: eager loading with high fetch priority. Others load lazily. */
  priority?: boolean;
  /** Classes of the <img> (object-fit, aspect ratio, rounding...). */
  className?: string;
  /** Classes of the <picture> wrapper. */
  pictureClassName?: string;
  style?: CSSProperties;
}

/**
 * Responsive image from the pipeline: AVIF and WebP sources with srcset, intrinsic width/height
 * (no layout shift) and the dominant colour behind it while it loads.
 */
export function Picture({
  image,
  alt,
  sizes,
  priority = false,
  className,
  pictureClassName,
  style,
}: PictureProps) {
  return (
    <picture className={pictureClassName}>
      <source type="image/avif" srcSet={imageSrcSet(image, 'avif')} sizes={sizes} />
      <source type="image/webp" srcSet={imageSrcSet(image, 'webp')} sizes={sizes} />
      <img
        src={imageUrl(image, fallbackWidth(image), 'webp')}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={priority ? 'eager' : 'lazy'}
        decoding={priority ? undefined : 'async'}
        fetchPriority={priority ? 'high' : undefined}
        // no tailwind-merge (src/lib/utils.ts): h-auto only when the caller sets no height
        className={cn('max-w-full', !/(^|\s)h-/.test(className ?? '') && 'h-auto', className)}
        style={{ backgroundColor: image.color, ...style }}
      />
    </picture>
  );
}
