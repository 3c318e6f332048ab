/**
 * What the cancel page (/afbestil) shows once the booking behind the link is known
 * (cancel-booking-panel.tsx looks it up; this is loaded while the lookup is on its way).
 */
import { useState } from 'react';
import { Link } from 'react-router';
import {
  BookAgain,
  BookingDetails,
  CallUs,
  LinkMessage,
  type LinkContentProps,
} from '~/components/booking-link';
import { Button } from '~/components/ui/button';
import { cancelCopy } from '~/content/cancel';
import { callCancelBooking, type CancelAnswer } from '../api/cancel-booking';
import { danishDateTime } from '../rules/format';

/** The booking behind the link and what may be done with it. */
export default function CancelContent({ answer, token, onAnswer }: LinkContentProps<CancelAnswer>) {
  const [busy, setBusy] = useState(false);

  const cancel = () => {
    setBusy(true);
    void callCancelBooking(token, 'cancel').then((result) => {
      onAnswer(result);
      setBusy(false);
    });
  };

  const details = <BookingDetails booking={answer.booking} when={danishDateTime} />;

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
