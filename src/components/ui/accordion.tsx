import { ChevronDown } from 'lucide-react';
import {
  createContext,
  useContext,
  useId,
  useState,
  type ComponentProps,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { cn } from '~/lib/utils';

/**
 * A single, collapsible accordion: at most one item open, pressing the open item's button closes
 * it. Replaces Radix Accordion with the same markup, roles,
 * attributes, classes and keys (WAI-ARIA accordion pattern): each question is a button in a
 * heading (`aria-expanded`, `aria-controls` while open), each answer a `role="region"` labelled by
 * its button, `hidden` and empty while closed; Arrow Down / Arrow Up move the focus to the next /
 * previous question (wrapping around), Home / End to the first / last. Radix's Collapsible
 * measured every item in a layout effect (a forced style recalculation and layout per item) while
 * the page hydrated, for height animations the site does not have; this one only renders.
 */

const OpenContext = createContext<{ open: string | null; toggle: (value: string) => void }>({
  open: null,
  toggle: () => {},
});
const ItemContext = createContext<{
  open: boolean;
  triggerId: string;
  contentId: string;
  toggle: () => void;
}>({ open: false, triggerId: '', contentId: '', toggle: () => {} });

/** Radix Accordion's keys; the ones of the other orientation are swallowed as Radix does. */
const KEYS = ['Home', 'End', 'ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight'];

/** Attribute that marks the item buttons (Radix's collection attribute, kept for the same markup). */
const TRIGGER = 'data-radix-collection-item';

function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (!KEYS.includes(event.key)) return;
  const triggers = Array.from(
    event.currentTarget.querySelectorAll<HTMLButtonElement>(`button[${TRIGGER}]`),
  ).filter((button) => !button.disabled);
  const index = triggers.indexOf(event.target as HTMLButtonElement);
  if (index === -1) return;
  // no page scroll while moving between the questions
  event.preventDefault();
  const last = triggers.length - 1;
  let next = index;
  if (event.key === 'Home') next = 0;
  else if (event.key === 'End') next = last;
  else if (event.key === 'ArrowDown') next = index === last ? 0 : index + 1;
  else if (event.key === 'ArrowUp') next = index === 0 ? last : index - 1;
  triggers[next]!.focus();
}

export function Accordion({ onKeyDown, children, ...props }: ComponentProps<'div'>) {
  const [open, setOpen] = useState<string | null>(null);
  const toggle = (value: string) => setOpen((current) => (current === value ? null : value));
  return (
    <div
      data-orientation="vertical"
      {...props}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (!event.defaultPrevented) moveFocus(event);
      }}
    >
      <OpenContext value={{ open, toggle }}>{children}</OpenContext>
    </div>
  );
}

export function AccordionItem({
  value,
  className,
  children,
  ...props
}: ComponentProps<'div'> & { value: string }) {
  const { open, toggle } = useContext(OpenContext);
  const id = useId();
  const isOpen = open === value;
  const state = isOpen ? 'open' : 'closed';
  return (
    <div
      data-state={state}
      data-orientation="vertical"
      className={cn('border-b', className)}
      {...props}
    >
      <ItemContext
        value={{
          open: isOpen,
          triggerId: `${id}t`,
          contentId: `${id}c`,
          toggle: () => toggle(value),
        }}
      >
        {children}
      </ItemContext>
    </div>
  );
}

export function AccordionTrigger({
  className,
  children,
  headingLevel: Heading = 'h3',
  ...props
}: ComponentProps<'button'> & {
  /** Level of the heading wrapping the trigger (default h3). */
  headingLevel?: 'h2' | 'h3' | 'h4';
}) {
  const { open, triggerId, contentId, toggle } = useContext(ItemContext);
  const state = open ? 'open' : 'closed';
  return (
    <Heading className="flex" data-orientation="vertical" data-state={state}>
      <button
        type="button"
        aria-controls={open ? contentId : undefined}
        aria-expanded={open}
        data-state={state}
        data-orientation="vertical"
        id={triggerId}
        className={cn(
          'flex flex-1 items-center justify-between gap-4 rounded-md py-4 text-left font-semibold transition-colors hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring [&[data-state=open]>svg]:rotate-180',
          className,
        )}
        {...{ [TRIGGER]: '' }}
        {...props}
        onClick={(event) => {
          props.onClick?.(event);
          if (!event.defaultPrevented) toggle();
        }}
      >
        {children}
        <ChevronDown
          className="h-4 w-4 shrink-0 transition-transform duration-200 motion-reduce:transition-none"
          aria-hidden="true"
        />
      </button>
    </Heading>
  );
}

export function AccordionContent({
  className,
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  const { open, triggerId, contentId } = useContext(ItemContext);
  return (
    <div
      data-state={open ? 'open' : 'closed'}
      id={contentId}
      hidden={!open}
      role="region"
      aria-labelledby={triggerId}
      data-orientation="vertical"
      className="overflow-hidden text-muted-foreground"
    >
      {open ? <div className={cn('pb-4', className)}>{children}</div> : null}
    </div>
  );
}
