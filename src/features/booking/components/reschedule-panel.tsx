import { lazy } from 'react';
import { BookingLookup } from '~/components/booking-link';
import { rescheduleCopy } from '~/content/reschedule';
import { lookupMovableBooking } from '../api/reschedule-booking';

const loadMoveContent = () => import('./move-content');
const MoveContent = lazy(loadMoveContent);

/**
 * The move page's content (/flyt?token=…): the booking behind the link, then the booking form's
 * own date and time fields for the same package (the server's calendar and free times: the same
 * rules and texts as the form), and one POST that moves it (move-content.tsx, loaded while the
 * lookup is on its way).
 */
export function ReschedulePanel() {
  return (
    <BookingLookup
      lookup={lookupMovableBooking}
      preload={loadMoveContent}
      invalid={rescheduleCopy.invalid}
    >
      {(answer, token, setAnswer) => (
        <MoveContent answer={answer} token={token} onAnswer={setAnswer} />
      )}
    </BookingLookup>
  );
}
