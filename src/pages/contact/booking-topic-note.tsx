import { Info } from 'lucide-react';
import type { ReactElement } from 'react';
import { useLocation } from 'react-router';
import { bookingTopicOf } from '~/content/booking-topics';
import { business, mailtoHref, telHref } from '~/content/business';

/** The note's text with the workshop's phone number and e-mail address as links to call or write. */
function withContactLinks(text: string): (string | ReactElement)[] {
  return [
    [business.phone.display, telHref(business.phone)],
    [business.email, mailtoHref],
  ].reduce<(string | ReactElement)[]>(
    (parts, [shown, href]) =>
      parts.flatMap((part) =>
        typeof part === 'string'
          ? part.split(shown!).flatMap((piece, i) => [
              ...(i
                ? [
                    <a key={href! + i} href={href} className="underline">
                      {shown}
                    </a>,
                  ]
                : []),
              piece,
            ])
          : [part],
      ),
    [text],
  );
}

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
        <p className="mt-1 text-sm text-muted-foreground">{withContactLinks(topic.text)}</p>
      </div>
    </div>
  );
}
