import { ArrowDown } from 'lucide-react';
import type { MouseEvent } from 'react';
import { Button } from '~/components/ui/button';

/** Id of the packages section the hero button scrolls to (spec: id services). */
export const SERVICES_SECTION_ID = 'services';

/**
 * The hero button: a real link to #services (works without JavaScript) that scrolls smoothly,
 * or instantly for visitors who prefer reduced motion.
 */
export function ScrollToServicesButton({ label }: { label: string }) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(SERVICES_SECTION_ID);
    if (!target) return;
    event.preventDefault();
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
    // Keyboard and screen-reader users continue from the packages.
    target.focus({ preventScroll: true });
    history.replaceState(history.state, '', `#${SERVICES_SECTION_ID}`);
  };
  return (
    <Button asChild size="lg">
      <a href={`#${SERVICES_SECTION_ID}`} onClick={onClick}>
        {label}
        <ArrowDown aria-hidden="true" />
      </a>
    </Button>
  );
}
