import { ExternalLink, Play } from 'lucide-react';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { Picture } from '~/components/picture';
import { Button } from '~/components/ui/button';
import { embedText, mapEmbed, type EmbedContent, type VideoContent } from '~/content/embeds';
import { cn } from '~/lib/utils';

/**
 * Consent per provider, kept in memory for this page session only: nothing is written to
 * localStorage, sessionStorage or cookies (only the theme is stored in the browser). After a
 * reload the previews come back.
 */
const consented = new Set<string>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function grantEmbedConsent(provider: string) {
  consented.add(provider);
  listeners.forEach((l) => l());
}

/** For tests: forget every consent given in this page session. */
export function resetEmbedConsent() {
  consented.clear();
  listeners.forEach((l) => l());
}

function useEmbedConsent(provider: string) {
  return useSyncExternalStore(
    subscribe,
    () => consented.has(provider),
    () => false,
  );
}

export interface ConsentEmbedProps {
  content: EmbedContent;
  icon?: 'map' | 'video';
  /** Above the fold: the preview image loads eagerly. */
  priority?: boolean;
  className?: string;
}

/**
 * Click-to-load third-party iframe: a local preview naming the provider and a button; the iframe
 * (and with it every request to the provider) is created only after the click. A plain link to
 * the provider always works.
 */
export function ConsentEmbed({ content, icon = 'map', priority, className }: ConsentEmbedProps) {
  const loaded = useEmbedConsent(content.provider);
  // Focus the iframe the visitor just asked for (not others of the same provider), so keyboard
  // users land in it instead of on the page body.
  const clicked = useRef(false);
  const focusOnMount = useCallback((node: HTMLIFrameElement | null) => {
    if (node && clicked.current) node.focus();
  }, []);
  // The map's drawing has its own pin in the middle: its notice goes under the picture, never on
  // it. A video's preview keeps the notice over the picture with a play mark.
  const below = icon === 'map';
  const notice = (
    <>
      <p className="text-sm sm:text-base">{content.notice}</p>
      <Button
        type="button"
        className="shrink-0"
        onClick={() => {
          clicked.current = true;
          grantEmbedConsent(content.provider);
        }}
      >
        {content.loadLabel}
        <span className="sr-only">: {content.title}</span>
      </Button>
    </>
  );

  return (
    <div className={cn('space-y-3', className)}>
      <div className="overflow-hidden rounded-xl border bg-card">
        <div
          className={
            below && !loaded ? 'relative aspect-video' : 'relative aspect-[4/3] sm:aspect-video'
          }
        >
          {loaded ? (
            <iframe
              ref={focusOnMount}
              src={content.embedUrl}
              title={content.title}
              className="absolute inset-0 h-full w-full border-0"
              allow={
                icon === 'video'
                  ? 'autoplay; encrypted-media; picture-in-picture; fullscreen'
                  : undefined
              }
              allowFullScreen={icon === 'video'}
              referrerPolicy="strict-origin-when-cross-origin"
            />
          ) : (
            <>
              <Picture
                image={content.preview}
                alt={content.preview.alt}
                sizes="(min-width: 1024px) 50vw, 100vw"
                priority={priority}
                pictureClassName="absolute inset-0"
                className="h-full w-full object-cover"
              />
              {below ? null : (
                <div className="absolute inset-0 flex items-center justify-center bg-slate-950/70 p-4">
                  <div className="max-w-md space-y-4 text-center text-white">
                    <Play className="mx-auto size-8 text-cyan-300" aria-hidden="true" />
                    {notice}
                  </div>
                </div>
              )}
            </>
          )}
        </div>
        {below && !loaded ? (
          <div className="flex flex-col items-center gap-3 border-t p-4 text-center sm:flex-row sm:justify-between sm:text-left">
            {notice}
          </div>
        ) : null}
      </div>
      <a
        href={content.link.href}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-2 font-medium text-primary underline-offset-4 hover:underline"
      >
        <ExternalLink className="size-4" aria-hidden="true" />
        {content.link.label}
        <span className="sr-only"> {embedText.newTab}</span>
      </a>
    </div>
  );
}

/** The workshop at Virkelyst 7B, 6000 Kolding (used on /about and /contact). */
export function MapEmbed({ className, priority }: { className?: string; priority?: boolean }) {
  return <ConsentEmbed content={mapEmbed} icon="map" className={className} priority={priority} />;
}

/** One of the Facebook videos on /vores-arbejde. */
export function VideoEmbed({ video, className }: { video: VideoContent; className?: string }) {
  return <ConsentEmbed content={video} icon="video" className={className} />;
}
