/**
 * The gallery's lightbox, loaded with import() when first wanted (gallery.tsx): a modal Radix
 * dialog (focus stays inside, Escape or a click outside closes it, focus returns to the thumbnail
 * that opened it). Previous/next buttons, the arrow keys and a horizontal swipe move through the
 * pictures and wrap around at both ends; the counter is a polite live region.
 */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import {
  useRef,
  type KeyboardEvent,
  type PointerEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { Picture } from '~/components/picture';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import type { ContentImage } from '~/content/packages';
import type { PortfolioImage } from '~/content/portfolio';
import type { GalleryText } from './gallery';

/** A horizontal swipe longer than this (CSS px) turns the page. */
const SWIPE_MIN = 40;

const navButton =
  'inline-flex size-11 shrink-0 items-center justify-center rounded-full border bg-background text-foreground transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none';

export default function Lightbox({
  images,
  text,
  openIndex,
  onIndex,
  opener,
}: {
  images: readonly PortfolioImage[];
  text: GalleryText;
  /** The picture shown, or null while closed. */
  openIndex: number | null;
  onIndex: (update: (index: number | null) => number | null) => void;
  /** The thumbnail that opened it, focused again on close. */
  opener: RefObject<HTMLButtonElement | null>;
}): ReactNode {
  const swipeStart = useRef<{ x: number; y: number } | null>(null);
  const current = openIndex === null ? undefined : images[openIndex];
  const total = images.length;

  const step = (by: number) =>
    onIndex((index) => (index === null ? index : (index + by + total) % total));

  const onKeyDown = (event: KeyboardEvent) => {
    const by = { ArrowLeft: -1, ArrowRight: 1 }[event.key];
    if (by && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      step(by);
    }
  };
  const onPointerDown = (event: PointerEvent) => {
    swipeStart.current =
      event.pointerType === 'mouse' ? null : { x: event.clientX, y: event.clientY };
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (!start) return;
    const dx = event.clientX - start.x;
    if (Math.abs(dx) >= SWIPE_MIN && Math.abs(dx) > Math.abs(event.clientY - start.y)) {
      step(dx < 0 ? 1 : -1);
    }
  };

  return (
    <Dialog open={current !== undefined} onOpenChange={(open) => !open && onIndex(() => null)}>
      {current && openIndex !== null ? (
        <DialogContent
          closeLabel={text.close}
          className="max-w-6xl gap-3 p-3 sm:p-4"
          onKeyDown={onKeyDown}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            opener.current?.focus();
          }}
        >
          <DialogHeader className="min-h-11 justify-center pl-1">
            <DialogTitle>{current.alt}</DialogTitle>
          </DialogHeader>
          <div
            // touch-action: the browser keeps vertical panning, horizontal moves are our swipe
            className="touch-pan-y select-none"
            onPointerDown={onPointerDown}
            onPointerUp={onPointerUp}
            onPointerCancel={() => (swipeStart.current = null)}
          >
            {current.before ? (
              <div key={openIndex} className="grid gap-3 sm:grid-cols-2">
                <LightboxPicture image={current.before} label={text.before} />
                <LightboxPicture image={current} label={text.after} />
              </div>
            ) : (
              // a new element per picture: the previous one never shows under the new title
              <LightboxPicture key={openIndex} image={current} />
            )}
          </div>
          <div className="flex items-center justify-between gap-3">
            <button
              type="button"
              className={navButton}
              aria-label={text.previous}
              onClick={() => step(-1)}
            >
              <ChevronLeft className="size-6" aria-hidden="true" />
            </button>
            <DialogDescription aria-live="polite" aria-atomic="true">
              {text.position(openIndex + 1, total)}
            </DialogDescription>
            <button
              type="button"
              className={navButton}
              aria-label={text.next}
              onClick={() => step(1)}
            >
              <ChevronRight className="size-6" aria-hidden="true" />
            </button>
          </div>
        </DialogContent>
      ) : null}
    </Dialog>
  );
}

/** One picture of the lightbox; `label` ('Før' / 'Efter') for the halves of a pair. */
function LightboxPicture({ image, label }: { image: ContentImage; label?: string }) {
  const picture = (
    <Picture
      image={image}
      alt={image.alt}
      sizes={
        label
          ? '(min-width: 1280px) 576px, (min-width: 640px) 50vw, 100vw'
          : '(min-width: 1280px) 1152px, 100vw'
      }
      priority
      className={
        label
          ? 'max-h-[35dvh] w-full rounded-lg object-contain sm:max-h-[65dvh]'
          : 'max-h-[70dvh] w-full rounded-lg object-contain'
      }
      style={{ backgroundColor: 'transparent' }}
    />
  );
  if (!label) return picture;
  return (
    <figure className="space-y-1">
      {picture}
      <figcaption className="text-center text-sm font-semibold">{label}</figcaption>
    </figure>
  );
}
