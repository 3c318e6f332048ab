import { memo, type RefObject, useCallback, useImperativeHandle, useMemo, useState } from 'react';
import { bookingCopy } from '~/content/booking';
import { formatPrice } from '~/lib/format';
import type { OpeningDay } from '~/lib/site-data';
import { durationText } from '~/lib/working-days';
import type { BookingService } from '../api/get-services';
import { ListboxField } from './listbox-field';
import { earlyOptions } from './listbox-markup';

/** Opens the service field's list from outside (the hand-over of the early list). */
export interface ServiceFieldControl {
  /** Opens the list with the focus on the option `focusValue` (default: the chosen one). */
  open: (focusValue?: string | null) => void;
}

interface ServiceFieldProps {
  triggerRef?: RefObject<HTMLButtonElement | null>;
  /** Filled with the field's opener (the form hands an open early list over with it). */
  controlRef?: RefObject<ServiceFieldControl | null>;
  services: readonly BookingService[];
  loading: boolean;
  value: string | null;
  onChange: (serviceId: string) => void;
  /** The week's opening hours (site data): a job of several days says about how many. */
  openingHours?: readonly OpeningDay[];
}

const aside = (service: BookingService, days: readonly OpeningDay[] | undefined) =>
  `${formatPrice(service.price)} · ${durationText(service.duration_minutes, days)}`;

const GROUP_ORDER = Object.keys(bookingCopy.service.groups);
const groupOf = (service: BookingService): string =>
  (bookingCopy.service.groups as Record<string, string>)[service.category] ?? '';

/**
 * The services grouped by kind (wash, polish, special, in that order), keeping the order they
 * came in (the services query's: by name) inside each group.
 */
export function groupedServices(services: readonly BookingService[]): BookingService[] {
  const rank = (service: BookingService) => {
    const index = GROUP_ORDER.indexOf(service.category);
    return index < 0 ? GROUP_ORDER.length : index;
  };
  // Array.prototype.sort is stable: equal kinds keep their order
  return [...services].sort((a, b) => rank(a) - rank(b));
}

/**
 * The service field (a ListboxField): enabled as soon as there are services (the build's, until
 * the services query answers), so the prerendered field answers a press before hydration
 * (early-press/script.ts reads the options from `data-early-options` and draws the same list,
 * with the markup of listbox-markup.ts).
 *
 * The field keeps its list's open state itself: opening and closing the list re-renders this
 * field only, not the form card around it (a tap must be answered within 100 ms).
 */
export const ServiceField = memo(function ServiceField({
  services,
  loading,
  value,
  onChange,
  triggerRef,
  controlRef,
  openingHours,
}: ServiceFieldProps) {
  const copy = bookingCopy.service;
  const [open, setOpen] = useState(false);
  // the option the early list had focused (early-press/script.ts), focused again in this list
  const [focusValue, setFocusValue] = useState<string | null>(null);
  useImperativeHandle(
    controlRef,
    () => ({
      open: (focus) => {
        setFocusValue(focus ?? null);
        setOpen(true);
      },
    }),
    [],
  );
  const openChange = useCallback((next: boolean) => {
    setOpen(next);
    setFocusValue(null);
  }, []);
  const options = useMemo(
    () =>
      groupedServices(services).map((service) => ({
        value: service.id,
        label: service.name,
        aside: aside(service, openingHours),
        group: groupOf(service),
      })),
    [services, openingHours],
  );
  return (
    <div
      className="grid gap-2"
      // the list the page shows before the form has hydrated (early-press/script.ts)
      data-early-options={earlyOptions(options)}
    >
      <ListboxField
        id="booking-service"
        label={copy.label}
        options={options}
        value={value}
        placeholder={loading ? copy.loading : copy.placeholder}
        onChange={onChange}
        disabled={services.length === 0}
        open={open}
        onOpenChange={openChange}
        focusValue={focusValue}
        triggerRef={triggerRef}
        // a press before the form has hydrated is answered by early-press/script.ts
        triggerProps={{ 'data-own-replay': '' }}
      />
    </div>
  );
});
