import { useRef, useState } from 'react';
import { Picture } from '~/components/picture';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import type { PortfolioImage } from '~/content/portfolio';

export interface GalleryProps {
  images: readonly PortfolioImage[];
  closeLabel: string;
  position: (index: number, total: number) => string;
}

const thumbSizes =
  '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw';

/**
 * The portfolio grid (1, 2, 3 then 4 columns). Clicking a picture opens it full size in a dialog,
 * titled by its alt text, that closes by its button, Escape or a click outside.
 */
export function Gallery({ images, closeLabel, position }: GalleryProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // The dialog has no Radix trigger (one dialog serves 24 buttons): on close, focus goes back to
  // the thumbnail that opened it.
  const opener = useRef<HTMLButtonElement | null>(null);
  const current = openIndex === null ? undefined : images[openIndex];

  return (
    <>
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {images.map((image, index) => (
          <li key={`${image.name}-${index}`}>
            <button
              type="button"
              aria-haspopup="dialog"
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpenIndex(index);
              }}
              className="group block w-full overflow-hidden rounded-xl border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
            >
              <Picture
                name={image.name}
                alt={image.alt}
                sizes={thumbSizes}
                // the first photo is in the first screen on a phone (the page's largest paint)
                priority={index === 0}
                className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
            </button>
          </li>
        ))}
      </ul>

      <Dialog open={current !== undefined} onOpenChange={(open) => !open && setOpenIndex(null)}>
        {current && openIndex !== null ? (
          <DialogContent
            closeLabel={closeLabel}
            className="max-w-6xl gap-3 p-3 sm:p-4"
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              opener.current?.focus();
            }}
          >
            <DialogHeader className="pt-1 pl-1">
              <DialogTitle>{current.alt}</DialogTitle>
              <DialogDescription>{position(openIndex + 1, images.length)}</DialogDescription>
            </DialogHeader>
            <Picture
              name={current.name}
              alt={current.alt}
              sizes="(min-width: 1280px) 1152px, 100vw"
              priority
              className="max-h-[75dvh] w-full rounded-lg object-contain"
              style={{ backgroundColor: 'transparent' }}
            />
          </DialogContent>
        ) : null}
      </Dialog>
    </>
  );
}
