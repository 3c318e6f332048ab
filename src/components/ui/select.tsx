import * as SelectPrimitive from '@radix-ui/react-select';
import { Check, ChevronDown } from 'lucide-react';
import * as React from 'react';
import { cn } from '~/lib/utils';

export const Select = SelectPrimitive.Root;
export const SelectGroup = SelectPrimitive.Group;
export const SelectValue = SelectPrimitive.Value;

export function SelectTrigger({
  className,
  children,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Trigger>) {
  return (
    <SelectPrimitive.Trigger
      className={cn(
        'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm ring-offset-background data-[placeholder]:text-muted-foreground focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 [&>span]:line-clamp-1',
        className,
      )}
      {...props}
    >
      {children}
      <SelectPrimitive.Icon asChild>
        <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      </SelectPrimitive.Icon>
    </SelectPrimitive.Trigger>
  );
}

/**
 * Radix Select is modal: while open it hides the rest of the page from assistive tech with
 * aria-hidden (marked data-aria-hidden) and traps focus in the list. Making those same elements
 * inert too keeps what is hidden out of reach for every input method, so nothing aria-hidden stays
 * focusable (axe: aria-hidden-focus).
 */
function inertOutside(node: HTMLElement | null) {
  if (!node) return;
  let marked: Element[] = [];
  // Radix hides the other elements in an effect after the list mounts.
  const timer = window.setTimeout(() => {
    marked = Array.from(document.querySelectorAll('[data-aria-hidden]')).filter(
      (element) => !element.hasAttribute('inert') && !element.contains(node),
    );
    for (const element of marked) element.setAttribute('inert', '');
  }, 0);
  return () => {
    window.clearTimeout(timer);
    for (const element of marked) element.removeAttribute('inert');
  };
}

export function SelectContent({
  className,
  children,
  position = 'popper',
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Content>) {
  return (
    <SelectPrimitive.Portal>
      <SelectPrimitive.Content
        ref={inertOutside}
        position={position}
        className={cn(
          'relative z-50 max-h-(--radix-select-content-available-height) min-w-32 overflow-y-auto rounded-md border bg-popover text-popover-foreground shadow-md',
          position === 'popper' &&
            'w-full min-w-(--radix-select-trigger-width) data-[side=bottom]:translate-y-1 data-[side=top]:-translate-y-1',
          className,
        )}
        {...props}
      >
        {/* The list itself (role listbox, controlled by the trigger) scrolls, not the inner
            viewport: assistive tech and axe then see a scrollable combobox popup. */}
        <SelectPrimitive.Viewport className="w-full p-1" style={{ overflow: 'visible' }}>
          {children}
        </SelectPrimitive.Viewport>
      </SelectPrimitive.Content>
    </SelectPrimitive.Portal>
  );
}

export function SelectItem({
  className,
  children,
  aside,
  ...props
}: React.ComponentProps<typeof SelectPrimitive.Item> & {
  /** Extra text shown in the list but not in the trigger once chosen. */
  aside?: React.ReactNode;
}) {
  return (
    <SelectPrimitive.Item
      className={cn(
        'relative flex w-full cursor-default select-none items-center rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-60',
        className,
      )}
      {...props}
    >
      <span className="absolute left-2 flex size-3.5 items-center justify-center">
        <SelectPrimitive.ItemIndicator>
          <Check className="size-4" aria-hidden="true" />
        </SelectPrimitive.ItemIndicator>
      </span>
      <SelectPrimitive.ItemText>{children}</SelectPrimitive.ItemText>
      {aside ? (
        <span className="ml-auto pl-3 text-muted-foreground">
          <span className="sr-only">, </span>
          {aside}
        </span>
      ) : null}
    </SelectPrimitive.Item>
  );
}
