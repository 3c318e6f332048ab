import { LinkPage, linkPageMeta } from '~/components/booking-link';
import { reviewOptOutCopy } from '~/content/review-opt-out';
import { ReviewOptOutPanel } from '~/features/review-opt-out';

/** Reached only from the "Nej tak" link in a review request. */
export const meta = () => linkPageMeta(reviewOptOutCopy.meta);

export default function ReviewOptOutPage() {
  return (
    <LinkPage heading={reviewOptOutCopy.heading}>
      <ReviewOptOutPanel />
    </LinkPage>
  );
}
