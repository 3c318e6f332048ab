import { useEffect, useRef } from 'react';
import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from '~/components/ui/accordion';
import type { FaqItem } from '~/content/faq';

/** Delay between two items' entrance animations (spec: 0.1 s stagger each). */
export const FAQ_STAGGER_MS = 100;

/**
 * Questions and answers as an accordion: one answer open at a time, clicking the open question
 * closes it. When the list scrolls into view, the items fade in one after another, 100 ms apart
 * (not with prefers-reduced-motion). The prerendered HTML shows every item without animation
 * (`data-animation="static"`); in the browser an effect sets the phase on the element itself
 * (`waiting`: hidden until seen, then `entering`), so the FAQ is not rendered again for it after
 * hydration. React leaves the attribute alone: its rendered value never changes.
 */
export function FaqAccordion({ items }: { items: readonly FaqItem[] }) {
  const listRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const list = listRef.current;
    if (!list || typeof IntersectionObserver === 'undefined') return;
    if (list.dataset.animation === 'entering') return;
    list.dataset.animation = 'waiting';
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) {
        list.dataset.animation = 'entering';
        observer.disconnect();
      }
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  return (
    <Accordion ref={listRef} className="mx-auto max-w-3xl" data-animation="static">
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
