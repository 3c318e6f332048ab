import {
  Children,
  cloneElement,
  isValidElement,
  type HTMLAttributes,
  type ReactElement,
} from 'react';
import { cn } from '~/lib/utils';

type Props = HTMLAttributes<HTMLElement> & Record<string, unknown>;

/**
 * `asChild` for our own components (Button): renders its one child element with the slot's props
 * merged in: the child's props win, except that both event handlers run (the child's first),
 * classes are joined and styles merged. The site's first load needs no more than this (Radix's
 * Slot, with its ref composition, stays with the Radix primitives that use it).
 */
export function Slot({ children, ...slotProps }: Props & { children?: React.ReactNode }) {
  const child = Children.only(children);
  if (!isValidElement(child)) return null;
  const childProps = (child as ReactElement<Props>).props;
  const merged: Props = { ...slotProps, ...childProps };
  for (const key of Object.keys(slotProps)) {
    const own = slotProps[key];
    const theirs = childProps[key];
    if (/^on[A-Z]/.test(key) && typeof own === 'function' && typeof theirs === 'function') {
      merged[key] = (...args: unknown[]) => {
        (theirs as (...a: unknown[]) => void)(...args);
        (own as (...a: unknown[]) => void)(...args);
      };
    }
  }
  merged.className = cn(slotProps.className, childProps.className);
  if (slotProps.style || childProps.style)
    merged.style = { ...slotProps.style, ...childProps.style };
  return cloneElement(child as ReactElement<Props>, merged);
}
