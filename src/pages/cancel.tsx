import { LinkPage, linkPageMeta } from '~/components/booking-link';
import { cancelCopy } from '~/content/cancel';
import { CancelBookingPanel } from '~/features/cancel';

/** Reached only from the link in a booking confirmation. */
export const meta = () => linkPageMeta(cancelCopy.meta);

export default function CancelPage() {
  return (
    <LinkPage heading={cancelCopy.heading}>
      <CancelBookingPanel />
    </LinkPage>
  );
}
