import * as PopoverPrimitive from '@radix-ui/react-popover';
import { Check, ChevronDown } from 'lucide-react';
import { useRef, type KeyboardEvent, type RefObject } from 'react';
import { Label } from '~/components/ui/label';
import { bookingCopy } from '~/content/booking';
import { formatDuration, formatPrice } from '~/lib/format';
import type { BookingService } from '../api/get-services';

interface ServiceFieldProps {
  triggerRef?: RefObject<HTMLButtonElement | null>;
  services: readonly BookingService[];
  loading: boolean;
  value: string | null;
  onChange: (serviceId: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The option to focus when the list opens (default: the chosen one, else the first). */
  focusValue?: string | null;
}

const LIST_ID = 'booking-service-list';

const aside = (service: BookingService) =>
  `${formatPrice(service.price)} · ${formatDuration(service.duration_minutes)}`;

/**
 * The service field: a select-only combobox (WAI-ARIA APG) whose list opens within a frame of the
 * press. It looks and works as the time field's Radix Select (same classes; opens on a click, a
 * tap, Enter, Space or an arrow key; arrows, Home, End and typing move through the options;
 * Enter, Space or a click chooses; Escape or a press outside closes, the focus back on the
 * field), but the list is not modal: Radix Select hides and locks the rest of the page while
 * open (scroll lock, aria-hidden on every other element), and on a phone with a 4x slower CPU
 * that took 300-400 ms per opening (issue 18: at most 100 ms). Positioned by Radix Popover
 * (non-modal), in a portal.
 */
export function ServiceField({
  services,
  loading,
  value,
  onChange,
  triggerRef,
  open,
  onOpenChange,
  focusValue,
}: ServiceFieldProps) {
  const copy = bookingCopy.service;
  const list = useRef<HTMLDivElement | null>(null);
  const ownTrigger = useRef<HTMLButtonElement | null>(null);
  const trigger = triggerRef ?? ownTrigger;
  const typed = useRef({ text: '', at: 0 });
  const enabled = services.length > 0;
  const isOpen = open && enabled;
  const selected = services.find((service) => service.id === value) ?? null;

  const options = () =>
    Array.from(list.current?.querySelectorAll<HTMLElement>('[role="option"]') ?? []);

  function choose(id: string) {
    onChange(id);
    onOpenChange(false);
  }

  function triggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
      event.preventDefault();
      if (!isOpen) onOpenChange(true);
    }
  }

  function listKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = options();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => all[Math.max(0, Math.min(all.length - 1, to))]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(all.length - 1);
        break;
      case 'Enter':
      case ' ': {
        const id = all[index]?.dataset.value;
        if (id) choose(id);
        break;
      }
      case 'Tab':
        // as Radix Select: the list keeps the focus until it is closed
        break;
      default: {
        if (event.key.length !== 1 || event.ctrlKey || event.metaKey || event.altKey) return;
        // typing moves to the next option whose name starts with what was typed
        const now = Date.now();
        const text = (now - typed.current.at < 1000 ? typed.current.text : '') + event.key;
        typed.current = { text: text.toLocaleLowerCase('da'), at: now };
        const names = services.map((service) => service.name.toLocaleLowerCase('da'));
        const start = text.length === 1 ? index + 1 : Math.max(index, 0);
        const found = [...names.keys()]
          .map((i) => (start + i) % names.length)
          .find((i) => names[i]!.startsWith(typed.current.text));
        if (found !== undefined) move(found);
      }
    }
    event.preventDefault();
  }

  return (
    <div
      className="grid gap-2"
      // the list the page shows before the form has hydrated (early-press.ts): id, name, aside
      data-early-options={JSON.stringify(
        services.map((service) => [service.id, service.name, aside(service)]),
      )}
    >
      <Label htmlFor="booking-service" id="booking-service-label">
        {copy.label}
      </Label>
      <PopoverPrimitive.Root open={isOpen} onOpenChange={onOpenChange}>
        <PopoverPrimitive.Anchor asChild>
          <button
            type="button"
            role="combobox"
            id="booking-service"
            ref={trigger}
            aria-labelledby="booking-service-label"
            aria-haspopup="listbox"
            aria-expanded={isOpen}
            aria-controls={isOpen ? LIST_ID : undefined}
            aria-autocomplete="none"
            disabled={!enabled}
            data-state={isOpen ? 'open' : 'closed'}
            data-placeholder={selected ? undefined : ''}
            // a press before the form has hydrated is answered by early-press.ts
            data-own-replay=""
            data-value={value ?? undefined}
            onClick={() => onOpenChange(!isOpen)}
            onKeyDown={triggerKeyDown}
            className="flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm ring-offset-background data-[placeholder]:text-muted-foreground focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 [&>span]:line-clamp-1"
          >
            {/* early-press.ts writes a choice made before hydration here */}
            <span style={{ pointerEvents: 'none' }} suppressHydrationWarning>
              {selected ? selected.name : loading ? copy.loading : copy.placeholder}
            </span>
            <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
          </button>
        </PopoverPrimitive.Anchor>
        <PopoverPrimitive.Portal>
          <PopoverPrimitive.Content
            ref={list}
            id={LIST_ID}
            role="listbox"
            aria-labelledby="booking-service-label"
            align="start"
            sideOffset={4}
            onOpenAutoFocus={(event) => {
              event.preventDefault();
              const all = options();
              const wanted = focusValue ?? value;
              (all.find((option) => option.dataset.value === wanted) ?? all[0])?.focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              // back on the field, unless the visitor moved on to something else
              const active = document.activeElement;
              if (!active || active === document.body || list.current?.contains(active)) {
                trigger.current?.focus();
              }
            }}
            onInteractOutside={(event) => {
              // the field toggles the list itself
              if (trigger.current?.contains(event.target as Node)) event.preventDefault();
            }}
            onKeyDown={listKeyDown}
            className="z-50 max-h-96 w-(--radix-popover-trigger-width) min-w-32 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none"
          >
            {services.map((service) => {
              const isSelected = service.id === value;
              return (
                <div
                  key={service.id}
                  role="option"
                  aria-selected={isSelected}
                  aria-labelledby={`booking-service-option-${service.id}`}
                  tabIndex={-1}
                  data-value={service.id}
                  onClick={() => choose(service.id)}
                  onPointerMove={(event) => {
                    if (document.activeElement !== event.currentTarget) event.currentTarget.focus();
                  }}
                  className="relative flex w-full cursor-default select-none items-center rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none focus:bg-accent focus:text-accent-foreground"
                >
                  <span className="absolute left-2 flex size-3.5 items-center justify-center">
                    {isSelected ? <Check className="size-4" aria-hidden="true" /> : null}
                  </span>
                  <span id={`booking-service-option-${service.id}`}>{service.name}</span>
                  <span className="ml-auto pl-3 text-muted-foreground">
                    <span className="sr-only">, </span>
                    {aside(service)}
                  </span>
                </div>
              );
            })}
          </PopoverPrimitive.Content>
        </PopoverPrimitive.Portal>
      </PopoverPrimitive.Root>
    </div>
  );
}
