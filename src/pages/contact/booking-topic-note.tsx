import { Info } from 'lucide-react';
import { useLocation } from 'react-router';
import { bookingTopicOf } from '~/content/booking-topics';

/**
 * The note above the booking form for a link that asked for work priced individually or for a
 * choice between packages (`?emne=`): says why nothing (or what) is selected and what to do.
 */
export function BookingTopicNote() {
  const topic = bookingTopicOf(useLocation().search);
  if (!topic) return null;
  return (
    <div
      role="note"
      aria-labelledby="booking-topic-title"
      className="mb-6 flex gap-3 rounded-xl border border-primary/40 bg-primary/5 p-4"
    >
      <Info className="mt-0.5 h-5 w-5 shrink-0 text-primary" aria-hidden="true" />
      <div>
        <h2 id="booking-topic-title" className="font-semibold">
          {topic.title}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{topic.text}</p>
      </div>
    </div>
  );
}
