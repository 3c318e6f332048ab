import type { Ref } from 'react';
import { Label } from '~/components/ui/label';
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from '~/components/ui/select';
import { bookingCopy } from '~/content/booking';
import { formatDuration, formatPrice } from '~/lib/format';
import type { BookingService } from '../api/get-services';

interface ServiceFieldProps {
  triggerRef?: Ref<HTMLButtonElement>;
  services: readonly BookingService[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  loading: boolean;
  value: string | null;
  onChange: (serviceId: string) => void;
}

export function ServiceField({
  services,
  loading,
  value,
  onChange,
  triggerRef,
  open,
  onOpenChange,
}: ServiceFieldProps) {
  const copy = bookingCopy.service;
  return (
    <div className="grid gap-2">
      <Label htmlFor="booking-service" id="booking-service-label">
        {copy.label}
      </Label>
      <Select
        value={value ?? ''}
        onValueChange={onChange}
        disabled={services.length === 0}
        open={open && services.length > 0}
        onOpenChange={onOpenChange}
      >
        <SelectTrigger
          ref={triggerRef}
          id="booking-service"
          // a press before the form has hydrated is replayed by the form (early-press.ts)
          data-own-replay=""
          aria-labelledby="booking-service-label"
        >
          <SelectValue placeholder={loading ? copy.loading : copy.placeholder} />
        </SelectTrigger>
        <SelectContent>
          {services.map((service) => (
            <SelectItem
              key={service.id}
              value={service.id}
              aside={`${formatPrice(service.price)} · ${formatDuration(service.duration_minutes)}`}
            >
              {service.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
