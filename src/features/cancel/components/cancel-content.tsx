/**
 * What the cancel page (/afbestil) shows once the booking behind the link is known
 * (cancel-booking-panel.tsx looks it up; this is loaded while the lookup is on its way).
 */
import { useState } from 'react';
import {
  ActionOrHome,
  BookAgain,
  CallUs,
  LinkMessage,
  type LinkContentProps,
} from '~/components/booking-link';
import { BookingDetails } from '~/components/booking-details';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { cancelCopy } from '~/content/cancel';
import { danishDateTime } from '~/lib/danish-date';
import { callCancelBooking, type CancelAnswer } from '../api/cancel-booking';

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

  // a booking that is cancelled (now or before) or past its deadline: what to say, what to offer
  const outcome =
    answer.state === 'cancelled'
      ? answer.cancelledNow
        ? { text: cancelCopy.done, tone: 'success' as const, action: <BookAgain /> }
        : { text: cancelCopy.alreadyCancelled }
      : answer.state === 'too_late'
        ? { text: cancelCopy.tooLate, tone: 'error' as const, action: <CallUs /> }
        : null;
  if (outcome) {
    return (
      <>
        <LinkMessage title={outcome.text.title} body={outcome.text.body} tone={outcome.tone}>
          {outcome.action}
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
      <ActionOrHome home={cancelCopy.keep} className="mt-6">
        <Button variant="destructive" onClick={cancel} disabled={busy}>
          {busy ? cancelCopy.cancelling : cancelCopy.cancel}
        </Button>
        {answer.booking.canMove ? (
          // the same link moves the booking (while a move is allowed)
          <Button asChild variant="outline">
            <Link to={`/flyt?token=${token}`}>{cancelCopy.moveInstead}</Link>
          </Button>
        ) : null}
      </ActionOrHome>
    </div>
  );
}
