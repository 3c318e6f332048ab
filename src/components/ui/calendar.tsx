import { ChevronLeft, ChevronRight } from 'lucide-react';
import * as React from 'react';
import { DayPicker, getDefaultClassNames, type ChevronProps } from 'react-day-picker';
import { buttonVariants } from '~/components/ui/button';
import { cn } from '~/lib/utils';
import './calendar.css';

export type CalendarProps = React.ComponentProps<typeof DayPicker>;

function CalendarChevron({ orientation, className }: ChevronProps) {
  const Icon = orientation === 'left' ? ChevronLeft : ChevronRight;
  return <Icon className={cn('size-4', className)} aria-hidden="true" />;
}

/**
 * A month calendar (react-day-picker v9) in the shadcn style. What only the calendar uses is in
 * calendar.css (classes calendar-*), loaded with it.
 */
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
        month_caption: 'calendar-caption flex items-center justify-center',
        caption_label: 'calendar-caption-label text-sm font-medium',
        nav: 'absolute inset-x-0 top-0 flex items-center justify-between',
        button_previous: cn(
          buttonVariants({ variant: 'outline', size: null }),
          'calendar-nav-button p-0 text-sm',
        ),
        button_next: cn(
          buttonVariants({ variant: 'outline', size: null }),
          'calendar-nav-button p-0 text-sm',
        ),
        month_grid: 'calendar-grid w-full',
        weekdays: 'flex',
        weekday: 'calendar-weekday font-normal text-muted-foreground',
        week: 'mt-1 flex w-full',
        day: 'calendar-day relative p-0 text-center text-sm',
        day_button: cn(
          buttonVariants({ variant: 'ghost', size: null, font: 'normal' }),
          'calendar-day-button p-0 text-sm',
        ),
        selected: 'calendar-day-selected',
        today: 'calendar-day-today',
        outside: 'calendar-day-outside',
        disabled: 'calendar-day-disabled',
        hidden: 'calendar-day-hidden',
        ...classNames,
      }}
      components={{ Chevron: CalendarChevron }}
      {...props}
    />
  );
}
