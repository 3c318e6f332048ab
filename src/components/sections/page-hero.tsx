import type { ReactNode } from 'react';
import type { ContentImage } from '~/content/packages';
import { cn } from '~/lib/utils';
import { ContentPicture, type ContentPictureProps } from './content-picture';

export interface PageHeroProps {
  /** The page's only h1. */
  title: string;
  lead: string;
  badge?: string;
  /** Extra paragraphs under the lead (e.g. the company story). */
  body?: readonly string[];
  /** Call-to-action buttons. */
  children?: ReactNode;
  /** Optional picture beside the text on wide screens (loaded first, with high priority). */
  image?: ContentImage;
  imageFit?: ContentPictureProps['fit'];
  className?: string;
}

/** The opening band of every page: badge, h1, lead text, actions and an optional picture. */
export function PageHero({
  title,
  lead,
  badge,
  body,
  children,
  image,
  imageFit,
  className,
}: PageHeroProps) {
  return (
    <section
      aria-labelledby="page-title"
      className={cn(
        'relative overflow-hidden border-b bg-gradient-to-b from-primary/10 via-background to-background',
        className,
      )}
    >
      <div
        className={cn(
          'container grid items-center gap-10 py-14 sm:py-20',
          image ? 'lg:grid-cols-2' : 'max-w-4xl text-center',
        )}
      >
        <div className={cn('space-y-6', !image && 'mx-auto')}>
          {badge ? (
            <p className="inline-flex items-center rounded-full border border-primary/40 bg-background/80 px-3 py-1 text-sm font-medium text-foreground">
              {badge}
            </p>
          ) : null}
          <h1
            id="page-title"
            className="text-4xl font-bold tracking-tight text-balance sm:text-5xl"
          >
            {title}
          </h1>
          <p className="text-lg text-muted-foreground sm:text-xl">{lead}</p>
          {body?.map((paragraph) => (
            <p key={paragraph} className="text-muted-foreground">
              {paragraph}
            </p>
          ))}
          {children ? (
            <div
              className={cn(
                'flex flex-col gap-3 sm:flex-row',
                image ? 'sm:justify-start' : 'sm:justify-center',
              )}
            >
              {children}
            </div>
          ) : null}
        </div>
        {image ? (
          <div className="relative">
            <ContentPicture
              image={image}
              priority
              fit={imageFit}
              sizes="(min-width: 1024px) 50vw, 100vw"
              className="rounded-2xl border shadow-lg"
            />
          </div>
        ) : null}
      </div>
    </section>
  );
}
