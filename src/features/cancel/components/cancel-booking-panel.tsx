import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { business, telHref } from '~/content/business';
import { cancelCopy } from '~/content/cancel';
import { useLinkToken } from '~/lib/link-token';
import { callCancelBooking, type CancelAnswer } from '../api/cancel-booking';
import { danishDateTime } from '../rules/format';
import { BookingDetails } from './booking-details';

function Message({
  title,
  body,
  tone = 'info',
  children,
}: {
  title: string;
  body: string;
  tone?: 'info' | 'error' | 'success';
  children?: React.ReactNode;
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

function CallUs() {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <Button asChild>
        <a href={telHref(business.phone)}>
          {cancelCopy.call}: {business.phone.display}
        </a>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">{cancelCopy.home}</Link>
      </Button>
    </div>
  );
}

/**
 * The cancel page's content: looks up the booking behind ?token=..., shows it, asks for
 * confirmation and cancels with a POST. Reads the address only after hydration (the page is
 * prerendered without it) and then takes the token out of it.
 */
export function CancelBookingPanel() {
  const token = useLinkToken();
  const [answer, setAnswer] = useState<CancelAnswer | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void callCancelBooking(token, 'lookup').then((result) => {
      if (live) setAnswer(result);
    });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  const cancel = () => {
    if (!token) return;
    setBusy(true);
    void callCancelBooking(token, 'cancel').then((result) => {
      setAnswer(result);
      setBusy(false);
    });
  };

  if (token === undefined || (token && answer === null)) {
    return (
      <p role="status" className="text-muted-foreground">
        {cancelCopy.loading}
      </p>
    );
  }
  if (!token || answer?.kind === 'not_found') {
    return (
      <Message title={cancelCopy.invalid.title} body={cancelCopy.invalid.body} tone="error">
        <CallUs />
      </Message>
    );
  }
  if (!answer || answer.kind === 'error') {
    return (
      <Message title={cancelCopy.failed.title} body={cancelCopy.failed.body} tone="error">
        <div className="mt-4">
          <Button
            onClick={() => {
              setAnswer(null);
              setAttempt((n) => n + 1);
            }}
          >
            {cancelCopy.failed.retry}
          </Button>
        </div>
      </Message>
    );
  }

  const details = (
    <Card className="mt-6">
      <CardContent className="pt-6">
        <BookingDetails booking={answer.booking} />
      </CardContent>
    </Card>
  );

  if (answer.state === 'cancelled' && answer.cancelledNow) {
    return (
      <>
        <Message title={cancelCopy.done.title} body={cancelCopy.done.body} tone="success">
          <div className="mt-4">
            <Button asChild>
              <Link to="/contact">{cancelCopy.done.bookAgain}</Link>
            </Button>
          </div>
        </Message>
        {details}
      </>
    );
  }
  if (answer.state === 'cancelled') {
    return (
      <>
        <Message
          title={cancelCopy.alreadyCancelled.title}
          body={cancelCopy.alreadyCancelled.body}
        />
        {details}
      </>
    );
  }
  if (answer.state === 'too_late') {
    return (
      <>
        <Message title={cancelCopy.tooLate.title} body={cancelCopy.tooLate.body} tone="error">
          <CallUs />
        </Message>
        {details}
      </>
    );
  }
  return (
    <div>
      <p className="text-lg">{cancelCopy.question}</p>
      {details}
      <p className="mt-4 text-sm text-muted-foreground">
        {cancelCopy.deadline} {danishDateTime(answer.booking.cancelDeadline)}.
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Button variant="destructive" onClick={cancel} disabled={busy}>
          {busy ? cancelCopy.cancelling : cancelCopy.cancel}
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{cancelCopy.keep}</Link>
        </Button>
      </div>
    </div>
  );
}
