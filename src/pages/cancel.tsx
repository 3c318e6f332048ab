import { cancelCopy } from '~/content/cancel';
import { CancelBookingPanel } from '~/features/cancel';

/** Reached only from the link in a booking confirmation: never indexed, never sends a Referer. */
export const meta = () => [
  { title: cancelCopy.meta.title },
  { name: 'description', content: cancelCopy.meta.description },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function CancelPage() {
  return (
    <section className="container max-w-2xl py-16">
      <h1 className="mb-6 text-4xl font-bold tracking-tight">{cancelCopy.heading}</h1>
      <CancelBookingPanel />
    </section>
  );
}
