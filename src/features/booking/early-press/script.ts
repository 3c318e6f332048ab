/**
 * The booking form before it has hydrated. The form's code loads when the form nears the
 * viewport or on the first interaction (../deferred-booking-form.tsx), but its prerendered HTML
 * is usable at once: the service field is enabled (the services come from the build's site data)
 * and the fields take text. This script, compiled into an inline script in the page before the
 * form (scripts/compile-inline-script.ts), answers what it can at once and notes the rest; the
 * form takes over once it has hydrated (takeEarlyPresses, ../early-press.ts):
 * - a press on the service field (a mouse's primary button down; a tap as soon as the finger or
 *   pen lifts: its pointerup, not the click that follows, which the browser dispatches as a
 *   separate event that would wait for any task started in between; or Enter, Space or an arrow
 *   key on the focused field) opens a list of the services at once, drawn like the list the form
 *   shows after hydration (the markup of ../components/listbox-markup.ts; options from the field's
 *   `data-early-options`), with the same keys (arrows, Home, End, Enter, Space, Escape) and
 *   clicks; a choice shows in the field. When the form hydrates, the choice is made in the form
 *   and an open list is reopened as the form's (service-field.tsx: the same element ids, classes
 *   and check mark);
 * - a tap on the disabled "Book tid" (its overlay) or Enter in one of the form's text fields
 *   while service, date or time is missing is answered with the "Manglende oplysninger" toast
 *   once the form has hydrated.
 * Replayed (untrusted) events are not presses. After a tap has opened the list, the tap's
 * compatibility mousedown on the field is prevented (as the form's field does), so the focus stays
 * on the list's option. The form takes over between presses, never within one (takeEarlyPresses).
 *
 * The field's own events (press, touch, mouse, keys) stop at the window while this script answers
 * them: React hydrates a Suspense boundary synchronously, inside the event, when a discrete event
 * (pointerdown, touchstart, click, keydown...) targets it while it is still dehydrated and its code
 * has loaded (react-dom's dispatchEvent: about 200 ms under a 4x slower CPU), so the early list
 * would wait for the whole form's hydration. The form hydrates in React's own time instead and
 * takes the presses over (takeEarlyPresses). Listeners on the window itself (the boot, the
 * form's load trigger) still see them.
 *
 * It runs as a classic script before any module: no imports but what it bundles (data and
 * types), nothing exported.
 */
import {
  type EarlyOption,
  LISTBOX_OFFSET,
  LISTBOX_WIDTH_PROPERTY,
  listboxClasses,
  listboxGroupLabelId,
  listboxLabelId,
  listboxListId,
  listboxOptionNameId,
  optionGroups,
} from '../components/listbox-markup';
import type { EarlyNotes, EarlyPresses, EarlyPressWindow } from './protocol';

/** The service field's id. */
const FIELD = 'booking-service';
/** lucide's `check` as the form's list draws it (lucide-react's `<Check>`, listbox-field.tsx). */
const CHECK = `<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-check ${listboxClasses.checkIcon}" aria-hidden="true"><path d="M20 6 9 17l-5-5"></path></svg>`;

/** The events this script listens to; what it reads of them (a click is a PointerEvent). */
type Press = Event &
  Partial<Pick<KeyboardEvent, 'key' | 'shiftKey'> & Pick<PointerEvent, 'pointerType' | 'button'>>;

const w = window as Window & EarlyPressWindow;
const d = document;
const early: EarlyNotes = (w.__bookingEarly = {});
/** The early list while it is open. */
let list: HTMLElement | null = null;
/** A finger or pen lifted on the field toggled the list: the click that follows is not a press. */
let up = false;
/**
 * The press this script is answering, during which the form may not take over: 1 from a
 * pointerdown on the field or its list, 2 once it is lifted (a tap's click is still to come),
 * 0 after its click or cancel (or the next press or key, when a lifted touch was no tap).
 */
let held: 0 | 1 | 2 = 0;
/** The form's request to take over, waiting for the press to end. */
let waiting: ((presses: EarlyPresses) => void) | null = null;

const field = () => d.getElementById(FIELD);
const options = (): HTMLElement[] =>
  list ? Array.from(list.querySelectorAll<HTMLElement>('[role=option]')) : [];

function el(tag: 'div' | 'span', className: string, text?: string): HTMLElement {
  const element = d.createElement(tag);
  if (className) element.className = className;
  if (text) element.textContent = text;
  return element;
}

function open(trigger: HTMLElement) {
  let data: EarlyOption[];
  try {
    data = JSON.parse(
      (trigger.parentNode as Element).getAttribute('data-early-options') || '[]',
    ) as EarlyOption[];
  } catch {
    data = [];
  }
  if (!data.length) return;
  const box = trigger.getBoundingClientRect();
  const listbox = (list = el('div', listboxClasses.list));
  listbox.setAttribute('data-early-list', '');
  listbox.style.cssText = `position:absolute;left:${box.left + w.scrollX}px;top:${box.bottom + w.scrollY + LISTBOX_OFFSET}px;${LISTBOX_WIDTH_PROPERTY}:${box.width}px`;
  listbox.setAttribute('role', 'listbox');
  listbox.id = listboxListId(FIELD);
  listbox.setAttribute('aria-labelledby', listboxLabelId(FIELD));
  listbox.tabIndex = -1;
  const groups = optionGroups(
    data.map(([value, label, aside, group]) => ({ value, label, aside, group })),
  );
  groups.forEach(({ label: heading, options: items }, index) => {
    let parent: HTMLElement = listbox;
    if (heading) {
      parent = el('div', '');
      parent.setAttribute('role', 'group');
      const title = el('div', listboxClasses.groupLabel, heading);
      title.id = listboxGroupLabelId(FIELD, index);
      parent.setAttribute('aria-labelledby', title.id);
      parent.append(title);
      listbox.append(parent);
    }
    for (const { value, label, aside } of items) addOption(parent, value, label, aside);
  });
  function addOption(parent: HTMLElement, value: string, label: string, aside: string) {
    const selected =
      value === early.pick || (!early.pick && value === trigger.getAttribute('data-value'));
    const option = el('div', listboxClasses.option);
    option.setAttribute('role', 'option');
    option.setAttribute('aria-selected', String(selected));
    option.tabIndex = -1;
    option.setAttribute('data-value', value);
    const check = el('span', listboxClasses.check);
    if (selected) check.innerHTML = CHECK;
    const name = el('span', '', label);
    name.id = listboxOptionNameId(FIELD, value);
    option.setAttribute('aria-labelledby', name.id);
    const side = el('span', listboxClasses.aside);
    side.append(el('span', 'sr-only', ', '), aside);
    option.append(check, name, side);
    parent.append(option);
  }
  d.body.append(listbox);
  trigger.setAttribute('aria-expanded', 'true');
  trigger.setAttribute('aria-controls', listbox.id);
  const all = options();
  (all.find((option) => option.getAttribute('aria-selected') === 'true') || all[0])!.focus();
}

function close(focus: boolean) {
  if (!list) return;
  list.remove();
  list = null;
  const trigger = field();
  if (trigger) {
    trigger.setAttribute('aria-expanded', 'false');
    trigger.removeAttribute('aria-controls');
    if (focus) trigger.focus();
  }
}

function choose(option: HTMLElement) {
  const trigger = field();
  early.pick = option.getAttribute('data-value')!;
  if (trigger) {
    const shown = trigger.querySelector('span');
    if (shown) shown.textContent = option.querySelector('[id]')!.textContent;
    trigger.removeAttribute('data-placeholder');
  }
  close(true);
}

/** The form takes over (w.__bookingEarlyTake): at once between presses, else when the press ends. */
function take(answer: (presses: EarlyPresses) => void) {
  if (held) {
    waiting = answer;
    return;
  }
  w.__bookingFormHydrated = true;
  const active = d.activeElement;
  const presses: EarlyPresses = {
    open: !!list,
    active: list && list.contains(active) ? active!.getAttribute('data-value') : undefined,
    pick: early.pick,
    tab: early.tab,
    missing: early.missing,
  };
  close(false);
  answer(presses);
}

function release() {
  held = 0;
  const answer = waiting;
  waiting = null;
  if (answer) setTimeout(() => take(answer), 0);
}

function note(event: Press) {
  const target = event.target;
  if (w.__bookingFormHydrated || !event.isTrusted || !(target instanceof Element)) return;
  const type = event.type;
  const trigger = target.closest<HTMLButtonElement>(`#${FIELD}`);
  if (
    type === 'click' ||
    type === 'pointercancel' ||
    (held === 2 && (type === 'pointerdown' || type === 'touchstart' || type === 'keydown'))
  )
    release();
  if (type === 'pointerdown' && (trigger || (list && list.contains(target)))) held = 1;
  else if (type === 'pointerup' && held === 1) held = 2;

  if (list && list.contains(target)) {
    const option = target.closest<HTMLElement>('[role=option]');
    if (type === 'click' && option) choose(option);
    else if (type === 'pointermove' && option && d.activeElement !== option) option.focus();
    else if (type === 'keydown') {
      const all = options();
      const key = event.key;
      const index = all.indexOf(d.activeElement as HTMLElement);
      if (key === 'ArrowDown' || key === 'ArrowUp' || key === 'Home' || key === 'End') {
        event.preventDefault();
        all[
          key === 'Home'
            ? 0
            : key === 'End'
              ? all.length - 1
              : key === 'ArrowDown'
                ? Math.min(index + 1, all.length - 1)
                : Math.max(index - 1, 0)
        ]!.focus();
      } else if ((key === 'Enter' || key === ' ') && index >= 0) {
        event.preventDefault();
        choose(all[index]!);
      } else if (key === 'Escape' || key === 'Tab') {
        event.preventDefault();
        close(true);
      }
    }
    return;
  }

  if (type === 'pointerdown') up = false;
  if (trigger) {
    if (trigger.disabled) return;
    event.stopPropagation();
    if (type === 'mousedown' && up) event.preventDefault();
    // touch and mouse events are only kept from React (see the file comment)
    if (type[0] === 't' || type[0] === 'm') return;
    if (type === 'keydown' && event.key === 'Tab' && !event.shiftKey && early.pick) {
      // the next field (the car's size, or the date) is shown or enabled once the form has
      // hydrated: the form moves there then
      event.preventDefault();
      early.tab = 1;
      return;
    }
    if (type === 'pointerdown' && (event.pointerType !== 'mouse' || event.button !== 0)) return;
    if (type === 'pointerup') {
      if (event.pointerType === 'mouse') return;
      up = true;
    }
    if (type === 'click' && (event.pointerType === 'mouse' || up)) {
      // the press itself toggled the list
      up = false;
      return;
    }
    if (type === 'pointermove') return;
    if (type === 'keydown') {
      if (!/^(Enter| |ArrowDown|ArrowUp)$/.test(event.key!)) return;
      event.preventDefault();
    }
    // the field does not take the focus from the list's option
    if (type === 'pointerdown') event.preventDefault();
    if (list) close(true);
    else open(trigger);
  } else if (type === 'pointerdown' && list) close(false);
  else if (type === 'click' && target.closest('[data-early-missing]')) early.missing = 1;
  else if (
    type === 'keydown' &&
    event.key === 'Enter' &&
    target instanceof HTMLInputElement &&
    target.form &&
    // the submit button (and its layer) sits after the robot check, outside the form
    target.form.closest('#form')?.querySelector('[data-early-missing]')
  )
    early.missing = 1;
}

for (const type of [
  'pointerdown',
  'pointermove',
  'pointerup',
  'pointercancel',
  'click',
  'keydown',
  'touchstart',
  'touchend',
  'mousedown',
  'mouseup',
])
  w.addEventListener(type, note, true);
w.__bookingEarlyTake = take;
