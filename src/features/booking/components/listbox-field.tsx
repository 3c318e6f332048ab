import { Check, ChevronDown } from 'lucide-react';
import {
  type CSSProperties,
  type MouseEvent,
  type PointerEvent as ReactPointerEvent,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import { createPortal } from 'react-dom';
import { Label } from '~/components/ui/label';
import {
  LISTBOX_OFFSET,
  LISTBOX_WIDTH_PROPERTY,
  listboxClasses,
  listboxGroupLabelId,
  listboxLabelId,
  listboxListId,
  listboxOptionNameId,
  optionGroups,
} from './listbox-markup';

export interface ListboxOption {
  value: string;
  label: string;
  /** Extra text shown in the list but not in the field once chosen (price and duration). */
  aside?: string;
  /** Shown, not choosable, skipped by the arrow keys (aria-disabled). */
  disabled?: boolean;
  /** The heading of the group the option is listed under (consecutive options share one). */
  group?: string;
}

interface ListboxFieldProps {
  /** The field's id (`booking-service`); the label is `<id>-label`, the list `<id>-list`. */
  id: string;
  label: ReactNode;
  options: readonly ListboxOption[];
  value: string | null;
  /** Shown in the field while nothing is chosen (data-placeholder). */
  placeholder: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** Controlled opening (the service field, which hands over the early list); else its own. */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The option to focus when the list opens (default: the chosen one, else the first). */
  focusValue?: string | null;
  triggerRef?: RefObject<HTMLButtonElement | null>;
  /** Extra attributes of the field (aria-busy, aria-describedby, data-*). */
  triggerProps?: Record<string, string | boolean | undefined>;
}

/**
 * A select-only combobox (WAI-ARIA APG) whose list opens within a frame of the press: the
 * booking form's service and time fields. It looks and works as Radix Select did (same classes;
 * opens on a click, a tap, Enter, Space or an arrow key; arrows, Home, End and typing move
 * through the options, skipping disabled ones; Enter, Space or a click chooses; Escape or a press
 * outside closes, the focus back on the field; Tab is held while the list is open), but the list
 * is not modal: Radix Select hides and locks the rest of the page while open (scroll lock,
 * aria-hidden on every other element), and on a phone with a 4x slower CPU that took 300-400 ms
 * per opening (a tap must show its list within 100 ms). The list is a layer of its own
 * (ListboxPopup).
 */
export function ListboxField({
  id,
  label,
  options,
  value,
  placeholder,
  onChange,
  disabled,
  open: controlledOpen,
  onOpenChange,
  focusValue,
  triggerRef,
  triggerProps,
}: ListboxFieldProps) {
  const labelId = listboxLabelId(id);
  const listId = listboxListId(id);
  const list = useRef<HTMLDivElement | null>(null);
  const ownTrigger = useRef<HTMLButtonElement | null>(null);
  const trigger = triggerRef ?? ownTrigger;
  const typed = useRef({ text: '', at: 0 });
  const [ownOpen, setOwnOpen] = useState(false);
  const open = controlledOpen ?? ownOpen;
  const isOpen = open && !disabled;
  // where the field is, read when the visitor opens the list (before the list is on the page, so
  // that placing it costs no second layout of the page); null: the list measures it itself
  // (an opening from outside, through the controlled `open`, leaves it null)
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const setOpen = (next: boolean) => {
    if (next !== isOpen) setAnchor(next ? measureAnchor(trigger.current) : null);
    if (controlledOpen === undefined) setOwnOpen(next);
    onOpenChange?.(next);
  };
  // The list answers the press itself, as the early list does (early-press/script.ts): a mouse's
  // primary button on its press, a finger or pen when it lifts (its pointerup: the click follows
  // as a separate event, after the compatibility mouse events, which a busy page delays). The
  // click that follows such a press is then not a second toggle; a click without a press before
  // it (a screen reader's, or element.click()) toggles.
  const pressed = useRef(false);
  function triggerPointerDown(event: ReactPointerEvent<HTMLButtonElement>) {
    pressed.current = false;
    if (event.pointerType !== 'mouse' || event.button !== 0 || disabled) return;
    // the field does not take the focus from the list's option
    event.preventDefault();
    pressed.current = true;
    setOpen(!isOpen);
  }
  function triggerPointerUp(event: ReactPointerEvent<HTMLButtonElement>) {
    if (event.pointerType === 'mouse' || disabled) return;
    pressed.current = true;
    setOpen(!isOpen);
  }
  function triggerMouseDown(event: MouseEvent<HTMLButtonElement>) {
    // the compatibility mousedown after a tap would move the focus from the option to the field
    if (pressed.current) event.preventDefault();
  }
  function triggerClick() {
    if (pressed.current) {
      pressed.current = false;
      return;
    }
    setOpen(!isOpen);
  }
  const selected = options.find((option) => option.value === value && !option.disabled) ?? null;

  /** The options the keys and typing move through (the disabled ones are skipped). */
  const choosable = () =>
    Array.from(
      list.current?.querySelectorAll<HTMLElement>('[role="option"]:not([aria-disabled="true"])') ??
        [],
    );

  function choose(next: string) {
    onChange(next);
    setOpen(false);
  }

  function triggerKeyDown(event: KeyboardEvent<HTMLButtonElement>) {
    if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(event.key)) {
      event.preventDefault();
      if (!isOpen) setOpen(true);
    }
  }

  function listKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const all = choosable();
    const index = all.indexOf(document.activeElement as HTMLElement);
    const move = (to: number) => all[Math.max(0, Math.min(all.length - 1, to))]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        move(index + 1);
        break;
      case 'ArrowUp':
        move(index < 0 ? all.length - 1 : index - 1);
        break;
      case 'Home':
        move(0);
        break;
      case 'End':
        move(all.length - 1);
        break;
      case 'Enter':
      case ' ': {
        const next = all[index]?.dataset.value;
        if (next) choose(next);
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
        const names = all.map((option) =>
          (options.find((o) => o.value === option.dataset.value)?.label ?? '').toLocaleLowerCase(
            'da',
          ),
        );
        const start = text.length === 1 ? index + 1 : Math.max(index, 0);
        const found = [...names.keys()]
          .map((i) => (start + i) % names.length)
          .find((i) => names[i]!.startsWith(typed.current.text));
        if (found !== undefined) move(found);
      }
    }
    event.preventDefault();
  }

  function renderOption(option: ListboxOption) {
    const isSelected = option.value === selected?.value;
    const nameId = listboxOptionNameId(id, option.value);
    return (
      <div
        key={option.value}
        role="option"
        aria-selected={isSelected}
        aria-disabled={option.disabled || undefined}
        data-disabled={option.disabled ? '' : undefined}
        aria-labelledby={nameId}
        tabIndex={-1}
        data-value={option.value}
        onClick={option.disabled ? undefined : () => choose(option.value)}
        onPointerMove={(event) => {
          if (!option.disabled && document.activeElement !== event.currentTarget)
            event.currentTarget.focus();
        }}
        className={listboxClasses.option}
      >
        <span className={listboxClasses.check}>
          {isSelected ? <Check className={listboxClasses.checkIcon} aria-hidden="true" /> : null}
        </span>
        <span id={nameId}>{option.label}</span>
        {option.aside ? (
          <span className={listboxClasses.aside}>
            <span className="sr-only">, </span>
            {option.aside}
          </span>
        ) : null}
      </div>
    );
  }

  return (
    <>
      <Label htmlFor={id} id={labelId}>
        {label}
      </Label>
      <button
        type="button"
        role="combobox"
        id={id}
        ref={trigger}
        aria-labelledby={labelId}
        aria-haspopup="listbox"
        aria-expanded={isOpen}
        aria-controls={isOpen ? listId : undefined}
        aria-autocomplete="none"
        disabled={disabled}
        data-state={isOpen ? 'open' : 'closed'}
        data-placeholder={selected ? undefined : ''}
        data-value={selected?.value}
        {...triggerProps}
        onPointerDown={triggerPointerDown}
        onPointerUp={triggerPointerUp}
        onMouseDown={triggerMouseDown}
        onClick={triggerClick}
        onKeyDown={triggerKeyDown}
        className="flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 py-2 text-left text-sm ring-offset-background data-[placeholder]:text-muted-foreground focus:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 [&>span]:line-clamp-1"
      >
        {/* the early script (early-press/script.ts) writes a service chosen before hydration here */}
        <span style={{ pointerEvents: 'none' }} suppressHydrationWarning>
          {selected ? selected.label : placeholder}
        </span>
        <ChevronDown className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      </button>
      {isOpen ? (
        <ListboxPopup
          trigger={trigger}
          anchor={anchor}
          list={list}
          focusValue={focusValue ?? value}
          onDismiss={() => setOpen(false)}
        >
          <div
            ref={list}
            id={listId}
            role="listbox"
            aria-labelledby={labelId}
            tabIndex={-1}
            data-state="open"
            onKeyDown={listKeyDown}
            className={listboxClasses.list}
          >
            {optionGroups(options).map((group, index) =>
              group.label ? (
                <div
                  key={group.label}
                  role="group"
                  aria-labelledby={listboxGroupLabelId(id, index)}
                >
                  <div id={listboxGroupLabelId(id, index)} className={listboxClasses.groupLabel}>
                    {group.label}
                  </div>
                  {group.options.map(renderOption)}
                </div>
              ) : (
                group.options.map(renderOption)
              ),
            )}
          </div>
        </ListboxPopup>
      ) : null}
    </>
  );
}

/** The field's box in the document and the list's greatest height (`max-h-96`: 24rem). */
interface Anchor {
  left: number;
  top: number;
  bottom: number;
  width: number;
  maxHeight: number;
}

function measureAnchor(field: HTMLElement | null): Anchor | null {
  if (!field) return null;
  const box = field.getBoundingClientRect();
  const rem = parseFloat(getComputedStyle(document.documentElement).fontSize) || 16;
  return {
    left: box.left,
    top: box.top,
    bottom: box.bottom,
    width: box.width,
    maxHeight: 24 * rem,
  };
}

/**
 * Where the list's layer goes: the modal dialog the field is in (a modal dialog keeps the pointer
 * and the focus inside itself: a list in body could be neither pressed nor focused), else body;
 * and the document position of that layer's origin, which the list's absolute position is
 * counted from.
 */
function layerHost(field: HTMLElement | null): { host: HTMLElement; x: number; y: number } {
  const dialog = field?.closest<HTMLElement>('[role="dialog"]');
  if (!dialog) return { host: document.body, x: -window.scrollX, y: -window.scrollY };
  const box = dialog.getBoundingClientRect();
  return {
    host: dialog,
    x: box.left + dialog.clientLeft - dialog.scrollLeft,
    y: box.top + dialog.clientTop - dialog.scrollTop,
  };
}

/**
 * The open list in a layer on the page (a portal in body, or in the dialog the field is in), under the field and as wide as it, or
 * above it when there is not room for it below and there is more above (as Radix Popover placed
 * it, with floating-ui's flip). Positioned in the document (absolute), so it moves with the page
 * as the field does; placed again when the window is resized. It closes on a press or focus
 * outside it and the field (the field toggles it itself) and on Escape. On opening, the focus
 * goes to the option `focusValue` (else the first choosable one, else the list itself); on
 * closing it goes back to the field, unless the visitor moved on to something else.
 *
 * Why not Radix Popover (which it replaces): its first opening on a phone with a 4x slower CPU
 * (Popper with floating-ui, FocusScope, DismissableLayer, Presence, about fifteen components)
 * took most of a 250-480 ms task after the tap (the target is 100 ms); this is one
 * component and two measurements of the page. The wrapper keeps Radix's
 * `data-radix-popper-content-wrapper`, the name the tests (axe with the list open) know the
 * list's layer by.
 */
function ListboxPopup({
  trigger,
  anchor,
  list,
  focusValue,
  onDismiss,
  children,
}: {
  trigger: RefObject<HTMLButtonElement | null>;
  /** The field's box when the list was opened; null: measured here. */
  anchor: Anchor | null;
  list: RefObject<HTMLDivElement | null>;
  focusValue: string | null | undefined;
  onDismiss: () => void;
  children: ReactNode;
}) {
  const layer = useRef<HTMLDivElement | null>(null);
  const [host] = useState(() => layerHost(trigger.current).host);
  // with the field's box read at the press, the list is drawn in place at once (below the field,
  // when the tallest list fits there); else placed in the layout effect, measuring both
  const [initial] = useState<{ style: CSSProperties; placed: boolean }>(() => {
    const style: CSSProperties & Record<string, string | number> = {
      position: 'absolute',
      left: 0,
      top: 0,
      zIndex: 50,
    };
    if (!anchor) return { style, placed: false };
    const origin = layerHost(trigger.current);
    style.left = `${anchor.left - origin.x}px`;
    style.top = `${anchor.bottom + LISTBOX_OFFSET - origin.y}px`;
    style[LISTBOX_WIDTH_PROPERTY] = `${anchor.width}px`;
    return {
      style,
      placed: window.innerHeight - anchor.bottom - LISTBOX_OFFSET >= anchor.maxHeight,
    };
  });
  const dismiss = useRef(onDismiss);
  useLayoutEffect(() => {
    dismiss.current = onDismiss;
  });

  useLayoutEffect(() => {
    const wrapper = layer.current;
    const field = trigger.current;
    if (!wrapper || !field) return;
    function place() {
      if (!wrapper || !field) return;
      const box = field.getBoundingClientRect();
      const height = wrapper.offsetHeight;
      const below = window.innerHeight - box.bottom - LISTBOX_OFFSET;
      const above = box.top - LISTBOX_OFFSET;
      const top =
        height > below && above > below
          ? box.top - LISTBOX_OFFSET - height
          : box.bottom + LISTBOX_OFFSET;
      const origin = layerHost(field);
      wrapper.style.setProperty(LISTBOX_WIDTH_PROPERTY, `${box.width}px`);
      wrapper.style.left = `${box.left - origin.x}px`;
      wrapper.style.top = `${top - origin.y}px`;
    }
    if (!initial.placed) place();
    const all = Array.from(
      list.current?.querySelectorAll<HTMLElement>('[role="option"]:not([aria-disabled="true"])') ??
        [],
    );
    const target = all.find((option) => option.dataset.value === focusValue) ?? all[0];
    // no choosable option ("Ingen ledige tider"): the list itself takes the keys
    (target ?? list.current)?.focus();

    const outside = (node: EventTarget | null) =>
      node instanceof Node && !wrapper.contains(node) && !field.contains(node);
    const pointerDown = (event: PointerEvent) => {
      if (outside(event.target)) dismiss.current();
    };
    const focusIn = (event: FocusEvent) => {
      if (outside(event.target)) dismiss.current();
    };
    const keyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape') dismiss.current();
    };
    document.addEventListener('pointerdown', pointerDown, true);
    document.addEventListener('focusin', focusIn, true);
    document.addEventListener('keydown', keyDown, true);
    window.addEventListener('resize', place);
    return () => {
      document.removeEventListener('pointerdown', pointerDown, true);
      document.removeEventListener('focusin', focusIn, true);
      document.removeEventListener('keydown', keyDown, true);
      window.removeEventListener('resize', place);
      // back on the field, unless the visitor moved on to something else: the list had the focus
      // (a choice, Escape), or a press outside left it nowhere
      if (wrapper.contains(document.activeElement)) field.focus();
      window.setTimeout(() => {
        const active = document.activeElement;
        if (!active || active === document.body) field.focus();
      }, 0);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- placed and focused once per opening
  }, []);

  return createPortal(
    <div ref={layer} data-radix-popper-content-wrapper="" style={initial.style}>
      {children}
    </div>,
    host,
  );
}
