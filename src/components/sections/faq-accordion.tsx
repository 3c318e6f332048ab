import { useEffect, useRef, useState } from 'react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '~/components/ui/accordion';
import type { FaqItem } from '~/content/faq';
import { useHydrated } from '~/lib/use-hydrated';

/** Delay between two items' entrance animations (spec: 0.1 s stagger each). */
export const FAQ_STAGGER_MS = 100;

/**
 * Questions and answers as an accordion: one answer open at a time, clicking the open question
 * closes it. When the list scrolls into view, the items fade in one after another, 100 ms apart
 * (not with prefers-reduced-motion). The prerendered HTML shows every item without animation.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const listRef = useRef<HTMLDivElement>(null);
  const hydrated = useHydrated();
  const [inView, setInView] = useState(false);
  const canObserve = hydrated && typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const element = listRef.current;
    if (!canObserve || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        setInView(true);
        observer.disconnect();
      }
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [canObserve]);

  // Waiting: hidden until seen; entering: staggered fade-in (both only without reduced motion).
  const phase = !canObserve ? 'static' : inView ? 'entering' : 'waiting';

  return (
    <Accordion
      ref={listRef}
      type="single"
      collapsible
      className="mx-auto max-w-3xl"
      data-animation={phase}
    >
      {items.map((item, index) => (
        <AccordionItem
          key={item.question}
          value={`faq-${index}`}
          className="faq-item"
          style={{ animationDelay: `${index * FAQ_STAGGER_MS}ms` }}
        >
          <AccordionTrigger className="text-base sm:text-lg">{item.question}</AccordionTrigger>
          <AccordionContent>{item.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
