import { lazy, Suspense, useRef, useState } from 'react';
import { Picture } from '~/components/picture';
import type { PortfolioImage } from '~/content/portfolio';

export interface GalleryText {
  close: string;
  previous: string;
  next: string;
  /** The counter under the picture, announced when it changes: 'Billede 3 af 24'. */
  position: (index: number, total: number) => string;
  /** Labels of a before/after pair's two pictures. */
  before: string;
  after: string;
}

export interface GalleryProps {
  images: readonly PortfolioImage[];
  text: GalleryText;
}

// 2 columns on phones, 3 then 4 wider
const thumbSizes = '(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, 50vw';

/**
 * The lightbox (Radix dialog, its focus trap and scroll lock: 13 KB gzipped) loads with import()
 * when a thumbnail is pointed at, touched or focused, so it is in no first load of the page; a
 * click that comes before it has loaded opens it as soon as it has.
 */
const loadLightbox = () => import('./lightbox');
// without the network the thumbnail opens nothing, rather than the page's error screen
const Lightbox = lazy(() => loadLightbox().catch(() => ({ default: () => null })));
const preloadLightbox = () => void loadLightbox();

/**
 * The portfolio grid (2 columns on phones, 3 then 4 wider). A picture opens full size in the
 * lightbox (lightbox.tsx: what it does with focus, keys and swipes).
 */
export function Gallery({ images, text }: GalleryProps) {
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  // once opened, the lightbox stays mounted (closed), so that it closes as a dialog does
  const [opened, setOpened] = useState(false);
  // The dialog has no Radix trigger (one dialog serves 24 buttons): on close, focus goes back to
  // the thumbnail that opened it.
  const opener = useRef<HTMLButtonElement | null>(null);

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-3 xl:grid-cols-4">
        {images.map((image, index) => (
          <li key={`${image.name}-${index}`}>
            <button
              type="button"
              aria-haspopup="dialog"
              onPointerEnter={preloadLightbox}
              onTouchStart={preloadLightbox}
              onFocus={preloadLightbox}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpenIndex(index);
                setOpened(true);
              }}
              className="group relative block w-full overflow-hidden rounded-xl border bg-card focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background focus-visible:outline-none"
            >
              <Picture
                image={image}
                alt={image.alt}
                sizes={thumbSizes}
                // the first photo is in the first screen on a phone (the page's largest paint)
                priority={index === 0}
                className="aspect-[4/3] w-full object-cover transition-transform duration-300 group-hover:scale-105"
              />
              {image.before ? (
                <span className="absolute top-2 left-2 rounded-full bg-background/95 px-2 py-0.5 text-xs font-semibold text-foreground">
                  {text.before} / {text.after}
                </span>
              ) : null}
            </button>
          </li>
        ))}
      </ul>

      {opened ? (
        <Suspense fallback={null}>
          <Lightbox
            images={images}
            text={text}
            openIndex={openIndex}
            onIndex={setOpenIndex}
            opener={opener}
          />
        </Suspense>
      ) : null}
    </>
  );
}
