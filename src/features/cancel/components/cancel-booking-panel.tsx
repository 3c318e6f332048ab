import { useState } from 'react';
import { Link } from 'react-router';
import {
  BookAgain,
  BookingDetailsCard,
  CallUs,
  LinkFailed,
  LinkLoading,
  LinkMessage,
  useLinkLookup,
} from '~/components/booking-link';
import { Button } from '~/components/ui/button';
import { cancelCopy } from '~/content/cancel';
import { danishDateTime } from '~/lib/danish-date';
import { useLinkToken } from '~/lib/link-token';
import { callCancelBooking, type CancelAnswer } from '../api/cancel-booking';

const lookup = (token: string) => callCancelBooking(token, 'lookup');

/**
 * The cancel page's content: looks up the booking behind ?token=..., shows it, asks for
 * confirmation and cancels with a POST. Reads the address only after hydration (the page is
 * prerendered without it) and then takes the token out of it.
 */
export function CancelBookingPanel() {
  const token = useLinkToken();
  const { answer, setAnswer, retry } = useLinkLookup<CancelAnswer>(token, lookup);
  const [busy, setBusy] = useState(false);

  const cancel = () => {
    if (!token) return;
    setBusy(true);
    void callCancelBooking(token, 'cancel').then((result) => {
      setAnswer(result);
      setBusy(false);
    });
  };

  if (token === undefined || (token && answer === null)) {
    return <LinkLoading />;
  }
  if (!token || answer?.kind === 'not_found') {
    return (
      <LinkMessage title={cancelCopy.invalid.title} body={cancelCopy.invalid.body} tone="error">
        <CallUs />
      </LinkMessage>
    );
  }
  if (!answer || answer.kind === 'error') {
    return <LinkFailed onRetry={retry} />;
  }

  const details = <BookingDetailsCard booking={answer.booking} testIdPrefix="cancel" />;

  if (answer.state === 'cancelled' && answer.cancelledNow) {
    return (
      <>
        <LinkMessage title={cancelCopy.done.title} body={cancelCopy.done.body} tone="success">
          <BookAgain />
        </LinkMessage>
        {details}
      </>
    );
  }
  if (answer.state === 'cancelled') {
    return (
      <>
        <LinkMessage
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
        <LinkMessage title={cancelCopy.tooLate.title} body={cancelCopy.tooLate.body} tone="error">
          <CallUs />
        </LinkMessage>
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
