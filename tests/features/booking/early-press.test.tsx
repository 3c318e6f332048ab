/**
 * The compiled early press script (src/features/booking/early-press/script.ts, as the build
 * inlines it) on the service field's prerendered HTML: the list it draws is the list the form
 * draws, and it hands the presses over to the form (takeEarlyPresses) between presses only.
 * The journeys with a real browser's events are e2e/booking-handover.spec.ts and
 * e2e/deferred-hydration.spec.ts.
 */
import { act, cleanup, render } from '@testing-library/react';
import { createRef } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type ServiceFieldControl,
  ServiceField,
} from '~/features/booking/components/service-field';
import {
  EARLY_PRESS_SCRIPT,
  type EarlyPresses,
  takeEarlyPresses,
} from '~/features/booking/early-press';
import type { EarlyPressWindow } from '~/features/booking/early-press/protocol';
import { services } from './support/backend';

/**
 * jsdom marks every event a test dispatches untrusted (`isTrusted` cannot be redefined) and has
 * no PointerEvent: the script gets a `window` whose listeners see the events this file dispatches
 * with `press` as a browser's (trusted, with a pointer type); `replay` dispatches an untrusted one.
 */
const extras = new WeakMap<Event, Record<string, unknown>>();
const added: Array<[string, EventListener, boolean]> = [];

function runEarlyScript() {
  const seen = (event: Event) =>
    new Proxy(event, {
      get(target, key) {
        const extra = extras.get(target);
        if (extra && typeof key === 'string' && key in extra) return extra[key];
        const value: unknown = Reflect.get(target, key, target);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const fakeWindow = new Proxy(window, {
    get(target, key) {
      if (key === 'addEventListener') {
        return (type: string, listener: (event: Event) => void, capture: boolean) => {
          const wrapped = (event: Event) => listener(seen(event));
          added.push([type, wrapped, capture]);
          window.addEventListener(type, wrapped, capture);
        };
      }
      const value: unknown = Reflect.get(target, key, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set: (target, key, value) => Reflect.set(target, key, value, target),
  });
  // the text the page inlines, run with that window in place of the global one
  new Function('window', EARLY_PRESS_SCRIPT)(fakeWindow);
}

type Init = MouseEventInit & KeyboardEventInit & { pointerType?: string };

function press(target: Element, type: string, init: Init = {}): Event {
  const { pointerType, ...rest } = init;
  const options = { bubbles: true, cancelable: true, ...rest };
  const event = type.startsWith('key')
    ? new KeyboardEvent(type, options)
    : new MouseEvent(type, options);
  extras.set(event, { isTrusted: true, pointerType });
  target.dispatchEvent(event);
  return event;
}

function replay(target: Element, type: string): Event {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true });
  target.dispatchEvent(event);
  return event;
}

/** A mouse's press: down, up and the click (in the browser the click comes in the up's task). */
function click(target: Element) {
  press(target, 'pointerdown', { pointerType: 'mouse', button: 0 });
  press(target, 'mousedown', { button: 0 });
  press(target, 'pointerup', { pointerType: 'mouse', button: 0 });
  press(target, 'mouseup', { button: 0 });
  press(target, 'click', { pointerType: 'mouse', button: 0 });
}

/** The booking form's prerendered HTML, as far as the early script reads it, and the script. */
function prerenderedForm() {
  const html = renderToString(
    <ServiceField services={services} loading={false} value={null} onChange={() => {}} />,
  );
  // the submit button's layer sits after the robot check, outside the form (as the form renders it)
  document.body.innerHTML = `<div id="form"><form>${html}<input id="name" name="name"></form><div data-early-missing=""></div></div>`;
  runEarlyScript();
  return document.getElementById('booking-service')!;
}

const earlyList = () => document.querySelector<HTMLElement>('[data-early-list]');
const optionNamed = (name: string) =>
  [...document.querySelectorAll<HTMLElement>('[role=option]')].find(
    (option) => option.querySelector('[id]')?.textContent === name,
  )!;

/**
 * An element as a comparable text: attributes sorted, without what only says who drew it (the
 * early list's marker and position, React's data-state; React places its list in a wrapper).
 */
function markup(node: Node): string {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? '';
  const element = node as Element;
  const attributes = [...element.attributes]
    .filter((a) => !['style', 'data-early-list', 'data-state'].includes(a.name))
    .map((a) => `${a.name}="${a.value}"`)
    .sort()
    .join(' ');
  const tag = element.tagName.toLowerCase();
  return `<${tag} ${attributes}>${[...element.childNodes].map(markup).join('')}</${tag}>`;
}

afterEach(() => {
  // React's tree first (its list is a portal in body), then what the early script left
  cleanup();
  for (const [type, listener, capture] of added.splice(0))
    window.removeEventListener(type, listener, capture);
  const w = window as EarlyPressWindow;
  delete w.__bookingEarly;
  delete w.__bookingEarlyTake;
  delete w.__bookingFormHydrated;
  document.body.innerHTML = '';
});

describe('the early press script, as the build compiles it', () => {
  it('is one minified classic script', () => {
    expect(EARLY_PRESS_SCRIPT).toMatch(/^\(function\(\)\{.*\}\)\(\);$/);
    expect(EARLY_PRESS_SCRIPT).not.toMatch(/<\/script|\n/i);
  });

  it('draws the list the form draws (markup of listbox-markup.ts, lucide’s check)', async () => {
    const field = prerenderedForm();
    click(field);
    click(optionNamed('Sølvpakken'));
    click(field);
    const early = markup(earlyList()!);
    expect(early).toContain('lucide-check');
    press(earlyList()!, 'keydown', { key: 'Escape' });
    expect(earlyList()).toBeNull();
    document.body.innerHTML = '';

    const control = createRef<ServiceFieldControl>();
    const sølv = services.find((s) => s.name === 'Sølvpakken')!;
    render(
      <ServiceField
        services={services}
        loading={false}
        value={sølv.id}
        onChange={() => {}}
        controlRef={control}
      />,
    );
    await act(async () => control.current!.open());
    const formList = document.getElementById('booking-service-list')!;
    expect(early).toBe(markup(formList));
  });

  it('opens on a mouse press with the focus on the first option, moves with the keys, chooses with Enter', () => {
    const field = prerenderedForm();
    click(field);
    expect(earlyList()).not.toBeNull();
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(field).toHaveAttribute('aria-controls', 'booking-service-list');
    expect(document.activeElement).toBe(optionNamed('Guldpakken'));
    // grouped by kind: the next option is the next wash
    press(document.activeElement!, 'keydown', { key: 'ArrowDown' });
    expect(document.activeElement).toBe(optionNamed('Premiumpakken'));
    press(document.activeElement!, 'keydown', { key: 'End' });
    expect(document.activeElement).toBe(optionNamed('Sølvpakken polering'));
    press(document.activeElement!, 'keydown', { key: 'Enter' });
    expect(earlyList()).toBeNull();
    expect(field).toHaveTextContent('Sølvpakken polering');
    expect(field).not.toHaveAttribute('data-placeholder');
    expect(document.activeElement).toBe(field);
  });

  it('keeps the field’s events from the page’s listeners (React would hydrate on them)', () => {
    const field = prerenderedForm();
    const reached = vi.fn();
    document.getElementById('form')!.addEventListener('pointerdown', reached);
    document.getElementById('form')!.addEventListener('touchstart', reached);
    press(field, 'pointerdown', { pointerType: 'touch', button: 0 });
    press(field, 'touchstart');
    expect(reached).not.toHaveBeenCalled();
  });

  it('ignores replayed (untrusted) events', () => {
    const field = prerenderedForm();
    replay(field, 'pointerdown');
    replay(field, 'click');
    expect(earlyList()).toBeNull();
  });

  it('hands an open list over once the press that opened it has ended, never within it', async () => {
    const field = prerenderedForm();
    press(field, 'pointerdown', { pointerType: 'mouse', button: 0 });
    expect(earlyList()).not.toBeNull();
    const answer = vi.fn<(early: EarlyPresses) => void>();
    takeEarlyPresses(answer);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answer).not.toHaveBeenCalled();
    expect((window as EarlyPressWindow).__bookingFormHydrated).toBeUndefined();
    press(field, 'pointerup', { pointerType: 'mouse', button: 0 });
    press(field, 'click', { pointerType: 'mouse', button: 0 });
    // the click was the early script's; the form answers from the next task on
    expect(earlyList()).not.toBeNull();
    await vi.waitFor(() => expect(answer).toHaveBeenCalledTimes(1));
    expect(answer).toHaveBeenCalledWith({
      open: true,
      active: services[0]!.id,
      pick: undefined,
      tab: undefined,
      missing: undefined,
    });
    expect(earlyList()).toBeNull();
    expect((window as EarlyPressWindow).__bookingFormHydrated).toBe(true);
    // from now on React answers: the script no longer opens the list
    click(field);
    expect(earlyList()).toBeNull();
  });

  it('notes a choice, Tab after it, and a press while something is missing', () => {
    const field = prerenderedForm();
    click(field);
    click(optionNamed('Premiumpakken'));
    press(field, 'keydown', { key: 'Tab' });
    click(document.querySelector('[data-early-missing]')!);
    const answer = vi.fn<(early: EarlyPresses) => void>();
    takeEarlyPresses(answer);
    expect(answer).toHaveBeenCalledWith({
      open: false,
      active: undefined,
      pick: services.find((s) => s.name === 'Premiumpakken')!.id,
      tab: 1,
      missing: 1,
    });
  });
});
