import { LinkPage, linkPageMeta } from '~/components/booking-link';
import { rescheduleCopy } from '~/content/reschedule';
import { ReschedulePanel } from '~/features/booking/reschedule';

/** Reached only from the link in a booking e-mail. */
export const meta = () => linkPageMeta(rescheduleCopy.meta);

export default function ReschedulePage() {
  return (
    <LinkPage heading={rescheduleCopy.heading}>
      <ReschedulePanel />
    </LinkPage>
  );
}
