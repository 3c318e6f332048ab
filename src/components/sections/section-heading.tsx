import type { ReactNode } from 'react';
import { cn } from '~/lib/utils';

export interface SectionHeadingProps {
  /** Small text above the heading. */
  eyebrow?: string;
  title: string;
  description?: string;
  /** id of the heading, for aria-labelledby on the surrounding section. */
  id?: string;
}

/** The h2 (with optional eyebrow and intro text) that opens a page section. */
export function SectionHeading({ eyebrow, title, description, id }: SectionHeadingProps) {
  return (
    <div className="mb-10 max-w-2xl space-y-3 mx-auto text-center">
      {eyebrow ? (
        <p className="text-sm font-semibold uppercase tracking-wider text-primary">{eyebrow}</p>
      ) : null}
      <h2 id={id} className="text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {description ? <p className="text-lg text-muted-foreground">{description}</p> : null}
    </div>
  );
}

/** What opens a section: the content objects of src/content carry these fields. */
export type SectionText = Pick<SectionHeadingProps, 'eyebrow' | 'title' | 'description'>;

export interface SectionProps {
  /** id of the section element (an anchor target); the heading gets `${id}-heading`. */
  id: string;
  /** The section's heading texts: a content object, passed whole. */
  heading: SectionText;
  /** Tinted background to set the section off from its neighbours. */
  muted?: boolean;
  className?: string;
  children: ReactNode;
}

/** A page section: full-width band, centred container, heading and content. */
export function Section({ id, heading, muted, className, children }: SectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn('scroll-mt-20 py-16 sm:py-20', muted && 'bg-muted/50', className)}
    >
      <div className="container">
        {/* the heading's texts only: SectionHeading reads no other field of a content object */}
        <SectionHeading {...heading} id={headingId} />
        {children}
      </div>
    </section>
  );
}
