import * as React from 'react';
import { Slot } from './slot';
import { cn } from '~/lib/utils';

const base =
  'items-center gap-2 whitespace-nowrap rounded-md transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0';

const variants = {
  variant: {
    default: 'bg-primary text-primary-foreground hover:bg-primary/90',
    destructive: 'bg-destructive text-destructive-foreground hover:bg-destructive/90',
    outline: 'border border-input bg-background hover:bg-accent hover:text-accent-foreground',
    secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/80',
    ghost: 'hover:bg-accent hover:text-accent-foreground',
    link: 'text-primary underline-offset-4 hover:underline',
  },
  size: {
    default: 'h-10 px-4 py-2 text-sm',
    sm: 'h-9 px-3 text-sm',
    lg: 'h-12 px-6 text-base',
    icon: 'h-10 w-10 text-sm',
  },
  // No tailwind-merge (src/lib/utils.ts): what a caller may change is a variant, never a
  // conflicting class in `className`.
  font: { semibold: 'font-semibold', normal: 'font-normal' },
  align: { center: 'justify-center', start: 'justify-start text-left' },
  /** `lg`: shown from the lg breakpoint on only. */
  display: { always: 'inline-flex', lg: 'hidden lg:inline-flex' },
};

const defaults = {
  variant: 'default',
  size: 'default',
  font: 'semibold',
  align: 'center',
  display: 'always',
} as const;

type Variants = typeof variants;

/** A variant's value, its default when undefined, none of its classes when null. */
export type ButtonVariantProps = { [K in keyof Variants]?: keyof Variants[K] | null };

/**
 * The button's classes (what class-variance-authority's cva did here, without its code in every
 * page's first load): the base, each variant's classes in order, then `className`.
 */
export function buttonVariants(props: ButtonVariantProps & { className?: string } = {}): string {
  const classes = [base];
  for (const key of Object.keys(variants) as Array<keyof Variants>) {
    const value = props[key] === undefined ? defaults[key] : props[key];
    if (value !== null) classes.push((variants[key] as Record<string, string>)[value]!);
  }
  if (props.className) classes.push(props.className);
  return classes.join(' ');
}

export interface ButtonProps
  extends React.ButtonHTMLAttributes<HTMLButtonElement>, ButtonVariantProps {
  asChild?: boolean;
}

export function Button({
  className,
  variant,
  size,
  font,
  align,
  display,
  asChild = false,
  ...props
}: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      className={cn(buttonVariants({ variant, size, font, align, display, className }))}
      {...props}
    />
  );
}
