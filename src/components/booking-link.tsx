/**
 * The parts both pages behind the links in the booking e-mails share (/afbestil and /flyt): the
 * lookup of the booking behind the token with its retry, the focused message, the call-us buttons
 * and the booking's details.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { bookingLinkCopy as copy } from '~/content/booking-link';
import { business, telHref } from '~/content/business';
import { danishDateTime } from '~/lib/danish-date';
import { formatPrice } from '~/lib/format';

/**
 * The answer of `lookup` for the link's token (null while it is on its way) and `retry`, which
 * forgets the answer and asks again. Nothing is asked without a token. `lookup` must be stable (a
 * module-level function), or every render would ask again.
 */
export function useLinkLookup<T>(
  token: string | null | undefined,
  lookup: (token: string) => Promise<T>,
) {
  const [answer, setAnswer] = useState<T | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (!token) return;
    let live = true;
    void lookup(token).then((result) => {
      if (live) setAnswer(result);
    });
    return () => {
      live = false;
    };
  }, [token, lookup, attempt]);
  const retry = () => {
    setAnswer(null);
    setAttempt((n) => n + 1);
  };
  return { answer, setAnswer, retry };
}

/** A message that takes the focus when it appears: an alert for errors, else a status. */
export function LinkMessage({
  title,
  body,
  tone = 'info',
  children,
}: {
  title: string;
  body: string;
  tone?: 'info' | 'error' | 'success';
  children?: ReactNode;
}) {
  const border =
    tone === 'error'
      ? 'border-destructive/60'
      : tone === 'success'
        ? 'border-primary/60'
        : 'border-border';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      ref={(element) => element?.focus()}
      tabIndex={-1}
      className={`rounded-lg border ${border} p-4 outline-none`}
    >
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-muted-foreground">{body}</p>
      {children}
    </div>
  );
}

export function LinkLoading() {
  return (
    <p role="status" className="text-muted-foreground">
      {copy.loading}
    </p>
  );
}

/** The workshop's phone number and the way home, where the link cannot help. */
export function CallUs() {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <Button asChild>
        <a href={telHref(business.phone)}>
          {copy.call}: {business.phone.display}
        </a>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">{copy.home}</Link>
      </Button>
    </div>
  );
}

/** The lookup failed (network, server): say so and offer to try again. */
export function LinkFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <LinkMessage title={copy.failed.title} body={copy.failed.body} tone="error">
      <div className="mt-4">
        <Button onClick={onRetry}>{copy.failed.retry}</Button>
      </div>
    </LinkMessage>
  );
}

export function BookAgain() {
  return (
    <div className="mt-4">
      <Button asChild>
        <Link to="/contact">{copy.bookAgain}</Link>
      </Button>
    </div>
  );
}

export interface LinkBooking {
  reference: string;
  serviceName: string;
  price: number;
  dropOff: string;
  readyAt: string;
}

/** What the customer booked (no contact details), in a card; `children` below the list. */
export function BookingDetailsCard({
  booking,
  testIdPrefix,
  children,
}: {
  booking: LinkBooking;
  /** data-testid of each value: `${testIdPrefix}-${label}`. */
  testIdPrefix: string;
  children?: ReactNode;
}) {
  const d = copy.details;
  const rows: [string, string][] = [
    [d.reference, booking.reference],
    [d.service, booking.serviceName],
    [d.dropOff, danishDateTime(booking.dropOff)],
    [d.readyAt, danishDateTime(booking.readyAt)],
    [d.price, formatPrice(booking.price)],
  ];
  return (
    <Card className="mt-6">
      <CardContent className="pt-6">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              <dd className="mb-2 font-medium sm:mb-0" data-testid={`${testIdPrefix}-${label}`}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
        {children}
      </CardContent>
    </Card>
  );
}
