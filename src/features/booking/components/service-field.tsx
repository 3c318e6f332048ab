import { memo, type RefObject, useMemo } from 'react';
import { bookingCopy } from '~/content/booking';
import { formatDuration, formatPrice } from '~/lib/format';
import type { BookingService } from '../api/get-services';
import { ListboxField } from './listbox-field';

interface ServiceFieldProps {
  triggerRef?: RefObject<HTMLButtonElement | null>;
  services: readonly BookingService[];
  loading: boolean;
  value: string | null;
  onChange: (serviceId: string) => void;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The option to focus when the list opens (default: the chosen one, else the first). */
  focusValue?: string | null;
}

const aside = (service: BookingService) =>
  `${formatPrice(service.price)} · ${formatDuration(service.duration_minutes)}`;

/**
 * The service field (a ListboxField): enabled as soon as there are services (the build's, until
 * the services query answers), so the prerendered field answers a press before hydration
 * (early-press.ts reads the options from `data-early-options` and draws the same list).
 */
export const ServiceField = memo(function ServiceField({
  services,
  loading,
  value,
  onChange,
  triggerRef,
  open,
  onOpenChange,
  focusValue,
}: ServiceFieldProps) {
  const copy = bookingCopy.service;
  const options = useMemo(
    () =>
      services.map((service) => ({
        value: service.id,
        label: service.name,
        aside: aside(service),
      })),
    [services],
  );
  return (
    <div
      className="grid gap-2"
      // the list the page shows before the form has hydrated (early-press.ts): id, name, aside
      data-early-options={JSON.stringify(options.map((o) => [o.value, o.label, o.aside]))}
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
        onOpenChange={onOpenChange}
        focusValue={focusValue}
        triggerRef={triggerRef}
        // a press before the form has hydrated is answered by early-press.ts
        triggerProps={{ 'data-own-replay': '' }}
      />
    </div>
  );
});
