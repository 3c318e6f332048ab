import { rescheduleCopy } from '~/content/reschedule';
import { ReschedulePanel } from '~/features/booking/reschedule';

/** Reached only from the link in a booking e-mail: never indexed, never sends a Referer. */
export const meta = () => [
  { title: rescheduleCopy.meta.title },
  { name: 'description', content: rescheduleCopy.meta.description },
  { name: 'robots', content: 'noindex, nofollow' },
  { name: 'referrer', content: 'no-referrer' },
];

export default function ReschedulePage() {
  return (
    <section className="container max-w-2xl py-16">
      <h1 className="mb-6 text-4xl font-bold tracking-tight">{rescheduleCopy.heading}</h1>
      <ReschedulePanel />
    </section>
  );
}
