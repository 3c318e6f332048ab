import { cancelCopy } from '~/content/cancel';
import { formatPrice } from '~/lib/format';
import type { CancelBooking } from '../api/cancel-booking';
import { danishDateTime } from '../rules/format';

/** The booking behind a cancel link: what the customer booked, no contact details. */
export function BookingDetails({ booking }: { booking: CancelBooking }) {
  const d = cancelCopy.details;
  const rows: [string, string][] = [
    [d.reference, booking.reference],
    [d.service, booking.serviceName],
    [d.dropOff, danishDateTime(booking.dropOff)],
    [d.readyAt, danishDateTime(booking.readyAt)],
    [d.price, formatPrice(booking.price)],
  ];
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm text-muted-foreground">{label}</dt>
          <dd className="mb-2 font-medium sm:mb-0" data-testid={`cancel-${label}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
