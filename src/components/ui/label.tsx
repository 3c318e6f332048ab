import * as React from 'react';
import { cn } from '~/lib/utils';

/** A form label (shadcn style, native <label>: no extra dependency needed). */
export function Label({ className, ...props }: React.LabelHTMLAttributes<HTMLLabelElement>) {
  return (
    <label
      className={cn(
        'text-sm font-medium leading-none peer-disabled:cursor-not-allowed peer-disabled:opacity-70',
        className,
      )}
      {...props}
    />
  );
}
