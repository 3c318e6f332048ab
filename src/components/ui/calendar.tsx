import { ChevronLeft, ChevronRight } from 'lucide-react';
import * as React from 'react';
import { DayPicker, getDefaultClassNames, type ChevronProps } from 'react-day-picker';
import { buttonVariants } from '~/components/ui/button';
import { cn } from '~/lib/utils';

export type CalendarProps = React.ComponentProps<typeof DayPicker>;

function CalendarChevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={cn('size-4', className)} aria-hidden="true" />;
}

/** A month calendar (react-day-picker v9) in the shadcn style. */
export function Calendar({
  className,
  classNames,
  showOutsideDays = true,
  ...props
}: CalendarProps) {
  const defaults = getDefaultClassNames();
  return (
    <DayPicker
      showOutsideDays={showOutsideDays}
      className={cn('p-3', className)}
      classNames={{
        root: cn(defaults.root, 'w-fit'),
        months: 'relative flex flex-col gap-4',
        month: 'flex flex-col gap-4',
        month_caption: 'flex h-9 items-center justify-center px-10',
        caption_label: 'text-sm font-medium capitalize',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(
          buttonVariants({ variant: 'outline', size: null }),
          'size-9 p-0 text-sm aria-disabled:opacity-40',
        ),
        button_next: cn(
          buttonVariants({ variant: 'outline', size: null }),
          'size-9 p-0 text-sm aria-disabled:opacity-40',
        ),
        month_grid: 'w-full border-collapse',
        weekdays: 'flex',
        weekday: 'w-10 text-[0.8rem] font-normal text-muted-foreground capitalize',
        week: 'mt-1 flex w-full',
        day: 'relative size-10 p-0 text-center text-sm',
        day_button: cn(
          buttonVariants({ variant: 'ghost', size: null, font: 'normal' }),
          'size-10 p-0 text-sm aria-selected:opacity-100',
        ),
        selected:
          '[&>button]:bg-primary [&>button]:text-primary-foreground [&>button]:hover:bg-primary [&>button]:hover:text-primary-foreground',
        today: '[&>button]:border [&>button]:border-primary',
        outside: '[&>button]:text-muted-foreground',
        disabled: '[&>button]:text-muted-foreground [&>button]:line-through [&>button]:opacity-70',
        hidden: 'invisible',
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron }}
      {...props}
    />
  );
}
