/**
 * What the form says while the booking system cannot be reached: once, in place, with the phone
 * number. Its own module (loaded with import() when a call first fails), as only a failure needs it.
 * The move page (/flyt) says the same in its own words (`text`).
 */
import { bookingCopy } from '~/content/booking';
import { business, telHref } from '~/content/business';

/** The words around the phone number, and the line that says the page comes back by itself. */
export interface OutageText {
  before: string;
  after: string;
  retrying: string;
}

export default function OutageNotice({ text: copy = bookingCopy.outage }: { text?: OutageText }) {
  return (
    <div
      role="alert"
      data-testid="booking-outage"
      className="grid gap-1 rounded-lg border border-destructive/60 p-4"
    >
      <div className="grid gap-1">
        <p className="font-semibold">
          {copy.before}
          <a href={telHref(business.phone)} className="whitespace-nowrap underline">
            {business.phone.display}
          </a>
          {copy.after}
        </p>
        <p className="text-sm text-muted-foreground">{copy.retrying}</p>
      </div>
    </div>
  );
}
