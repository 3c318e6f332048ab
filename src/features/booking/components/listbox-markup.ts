/**
 * The markup of a ListboxField's list (classes, ids, the gap to the field), in one place for the
 * two that draw it: the field itself (listbox-field.tsx) and the early script, which draws the
 * service field's list before the form has hydrated (../early-press/script.ts, compiled into an
 * inline script), so that the list looks the same before and after and the form can take an
 * open list over by its ids. tests/booking/early-press.test.tsx draws both and compares them.
 * Plain data, no imports: the early script bundles this file.
 */

export const listboxClasses = {
  list: 'z-50 max-h-96 w-(--radix-popover-trigger-width) min-w-32 overflow-y-auto rounded-md border bg-popover p-1 text-popover-foreground shadow-md outline-none',
  option:
    'relative flex w-full cursor-default select-none items-center rounded-sm py-1.5 pl-8 pr-2 text-sm outline-none focus:bg-accent focus:text-accent-foreground data-[disabled]:pointer-events-none data-[disabled]:opacity-60',
  /** Where the chosen option's check mark sits. */
  check: 'absolute left-2 flex size-3.5 items-center justify-center',
  /** The check mark itself (lucide's `check`). */
  checkIcon: 'size-4',
  aside: 'ml-auto pl-3 text-muted-foreground',
  /** The heading of a group of options (the service field's kinds: wash, polish, special). */
  groupLabel:
    'py-1.5 pl-8 pr-2 text-xs font-semibold uppercase tracking-wide text-muted-foreground',
} as const;

/** The list's width: the field's, set as this property by whoever places the list. */
export const LISTBOX_WIDTH_PROPERTY = '--radix-popover-trigger-width';

/** The gap between the field and its list, as Radix Popover's `sideOffset` was. */
export const LISTBOX_OFFSET = 4;

export const listboxLabelId = (id: string) => `${id}-label`;
export const listboxListId = (id: string) => `${id}-list`;
/** The option's name (its accessible name; `aria-labelledby` of the option). */
export const listboxOptionNameId = (id: string, value: string) => `${id}-option-${value}`;
/** The heading of the list's n-th group (`aria-labelledby` of the group). */
export const listboxGroupLabelId = (id: string, index: number) => `${id}-group-${index}`;

/**
 * The options cut into runs of the same group, in the options' order (a list without groups is
 * one run with an empty label). Shared by the field and the early script, so both group alike.
 */
export function optionGroups<T extends { group?: string }>(
  options: readonly T[],
): { label: string; options: T[] }[] {
  const groups: { label: string; options: T[] }[] = [];
  for (const option of options) {
    const label = option.group ?? '';
    const last = groups[groups.length - 1];
    if (last && last.label === label) last.options.push(option);
    else groups.push({ label, options: [option] });
  }
  return groups;
}

/**
 * The service field's options as the early script reads them, from the `data-early-options`
 * attribute of the field's wrapper (JSON): value, name, the aside (price and duration), the group.
 */
export type EarlyOption = [value: string, label: string, aside: string, group: string];

/** The `data-early-options` attribute's value for these options. */
export const earlyOptions = (
  options: readonly { value: string; label: string; aside?: string; group?: string }[],
): string =>
  JSON.stringify(options.map((o): EarlyOption => [o.value, o.label, o.aside ?? '', o.group ?? '']));
