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
import type { Service } from '../api/get-services';

interface ServiceFieldProps {
  triggerRef?: Ref<HTMLButtonElement>;
  services: readonly Service[];
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
}: ServiceFieldProps) {
  const copy = bookingCopy.service;
  return (
    <div className="grid gap-2">
      <Label htmlFor="booking-service" id="booking-service-label">
        {copy.label}
      </Label>
      <Select value={value ?? ''} onValueChange={onChange} disabled={services.length === 0}>
        <SelectTrigger
          ref={triggerRef}
          id="booking-service"
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
