import { CircleCheck } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { bookingCopy } from '~/content/booking';
import { danishDateTime } from '~/lib/danish-date';
import { formatPrice } from '~/lib/format';
import type { CreatedBooking } from '../api/create-booking';

/**
 * Shown in place of the form after a booking: confirmed at once, details by e-mail, the booking
 * reference, the times and the price, and a way to book another time.
 */
export function BookingConfirmation({
  booking,
  price,
  onBookAgain,
}: {
  booking: CreatedBooking;
  price: number;
  onBookAgain: () => void;
}) {
  const copy = bookingCopy.confirmation;
  const dropOff = danishDateTime(booking.dropOff);
  const readyAt = danishDateTime(booking.readyAt);
  return (
    <div
      // focused when it appears, so keyboard and screen-reader users land on the result
      ref={(element) => element?.focus()}
      tabIndex={-1}
      role="region"
      aria-labelledby="booking-confirmation-heading"
      className="rounded-lg border border-primary/50 bg-primary/10 p-4 outline-none"
    >
      <h3
        id="booking-confirmation-heading"
        className="flex items-center gap-2 text-lg font-semibold"
      >
        <CircleCheck className="size-5 text-primary" aria-hidden="true" />
        {copy.heading}
      </h3>
      <p className="mt-2 text-sm">{copy.body}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{copy.reference}</dt>
        <dd className="font-mono font-semibold tracking-wider" data-testid="booking-reference">
          {booking.reference}
        </dd>
        {booking.service.name ? (
          <>
            <dt className="text-muted-foreground">{bookingCopy.summary.service}</dt>
            <dd>{booking.service.name}</dd>
          </>
        ) : null}
        {dropOff ? (
          <>
            <dt className="text-muted-foreground">{copy.dropOff}</dt>
            <dd>{dropOff}</dd>
          </>
        ) : null}
        {readyAt ? (
          <>
            <dt className="text-muted-foreground">{copy.readyAt}</dt>
            <dd>{readyAt}</dd>
          </>
        ) : null}
        <dt className="text-muted-foreground">{copy.price}</dt>
        <dd>
          {formatPrice(price)} {copy.vat}
        </dd>
      </dl>
      <Button type="button" variant="outline" className="mt-4" onClick={onBookAgain}>
        {copy.bookAgain}
      </Button>
    </div>
  );
}
