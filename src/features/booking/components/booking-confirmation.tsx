import { CalendarPlus, CircleCheck } from 'lucide-react';
import { Button } from '~/components/ui/button';
import { addressLine, business } from '~/content/business';
import { bookingCopy } from '~/content/booking';
import { payment } from '~/content/payment';
import { danishDateTime } from '~/lib/danish-date';
import { jobRows, jobSentence, totalRow, type BookingJob } from '~/lib/booking-job';
import { bookedJobOf, type JobQuote } from '~/lib/job';
import type { CreatedBooking } from '../api/create-booking';
import { googleCalendarUrl, icsHref, outlookCalendarUrl } from '../rules/calendar-links';

const WORKSHOP = { name: business.name, address: addressLine, phone: business.phone.display };

/**
 * Focuses the confirmation and scrolls its heading into view below the sticky header (its
 * scroll-margin-top): on a phone, focus alone left the heading under the header.
 */
function showConfirmation(element: HTMLElement | null) {
  if (!element) return;
  element.focus({ preventScroll: true });
  element.scrollIntoView?.({ block: 'start' });
}

/**
 * Shown in place of the form after a booking: confirmed at once, details by e-mail, the booking
 * reference, the times and the price, and a way to book another time.
 */
export function BookingConfirmation({
  booking,
  price,
  quote = null,
  onBookAgain,
}: {
  booking: CreatedBooking;
  price: number;
  /** The job as the form priced it: its size and the parts of its price. */
  quote?: JobQuote | null;
  onBookAgain: () => void;
}) {
  // the server's answer: the total and the job as booked (the form's own figures only if an older
  // answer lacks them)
  const job = {
    serviceName: booking.service.name,
    price: booking.price ?? price,
    job: booking.job ?? (quote ? bookedJobOf(quote) : null),
  };
  const [totalLabel, [total]] = totalRow(job);
  const copy = bookingCopy.confirmation;
  const dropOff = danishDateTime(booking.dropOff);
  const readyAt = danishDateTime(booking.readyAt);
  return (
    <div
      // focused when it appears, so keyboard and screen-reader users land on the result
      ref={showConfirmation}
      tabIndex={-1}
      role="region"
      aria-labelledby="booking-confirmation-heading"
      className="scroll-mt-24 rounded-lg border border-primary/60 bg-primary/10 p-4 outline-none"
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
        {booking.service.name
          ? jobRows(job).map(([label, lines]) => (
              <div key={label} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd>
                  {lines.map((line) => (
                    <span key={line} className="block">
                      {line}
                    </span>
                  ))}
                </dd>
              </div>
            ))
          : null}
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
        <dt className="text-muted-foreground">{totalLabel}</dt>
        <dd data-testid="booking-total">{total}</dd>
        <dt className="text-muted-foreground">{copy.address}</dt>
        <dd>{addressLine}</dd>
        <dt className="text-muted-foreground">{copy.payment}</dt>
        <dd>{payment}</dd>
      </dl>
      <CalendarLinks booking={booking} job={job.job} />
      <Button type="button" variant="outline" className="mt-4" onClick={onBookAgain}>
        {copy.bookAgain}
      </Button>
    </div>
  );
}

/** The booking into the visitor's calendar: a file, or Google's or Outlook's new-event page. */
function CalendarLinks({
  booking,
  job,
}: {
  booking: CreatedBooking;
  job: BookingJob | null | undefined;
}) {
  const copy = bookingCopy.confirmation.calendar;
  if (!booking.dropOff || !booking.readyAt) return null;
  const event = {
    reference: booking.reference,
    serviceName: booking.service.name,
    dropOff: booking.dropOff,
    readyAt: booking.readyAt,
    jobText: jobSentence(job),
  };
  const link = 'font-medium text-primary underline underline-offset-4';
  return (
    <div className="mt-4 text-sm">
      <p className="flex items-center gap-2 font-medium">
        <CalendarPlus className="size-4" aria-hidden="true" />
        {copy.heading}
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-2">
        <li>
          <a
            className={link}
            href={icsHref(event, WORKSHOP, new Date())}
            download={`booking-${booking.reference}.ics`}
          >
            {copy.ics}
          </a>
        </li>
        <li>
          <a
            className={link}
            href={googleCalendarUrl(event, WORKSHOP)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {copy.google}
          </a>
        </li>
        <li>
          <a
            className={link}
            href={outlookCalendarUrl(event, WORKSHOP)}
            target="_blank"
            rel="noopener noreferrer"
          >
            {copy.outlook}
          </a>
        </li>
      </ul>
    </div>
  );
}
