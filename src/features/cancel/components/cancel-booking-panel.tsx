import { lazy } from 'react';
import { BookingLookup } from '~/components/booking-link';
import { cancelCopy } from '~/content/cancel';
import { callCancelBooking } from '../api/cancel-booking';

const lookup = (token: string) => callCancelBooking(token, 'lookup');
const loadCancelContent = () => import('./cancel-content');
const CancelContent = lazy(loadCancelContent);

/**
 * The cancel page's content: looks up the booking behind ?token=..., shows it, asks for
 * confirmation and cancels with a POST (cancel-content.tsx, loaded while the lookup is on its
 * way). Reads the address only after hydration (the page is prerendered without it) and then
 * takes the token out of it.
 */
export function CancelBookingPanel() {
  return (
    <BookingLookup lookup={lookup} preload={loadCancelContent} invalid={cancelCopy.invalid}>
      {(answer, token, setAnswer) => (
        <CancelContent answer={answer} token={token} onAnswer={setAnswer} />
      )}
    </BookingLookup>
  );
}
