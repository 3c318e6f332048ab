import { Info } from 'lucide-react';
import { useLocation } from 'react-router';
import { bookingTopicOf } from '~/content/booking-topics';
import { business, mailtoHref, telHref } from '~/content/business';

const LINKS = [
  { text: business.phone.display, href: telHref(business.phone) },
  { text: business.email, href: mailtoHref },
];

/** The note's text with the workshop's phone number and e-mail address as links to call or write. */
function withContactLinks(text: string) {
  const pattern = new RegExp(
    `(${LINKS.map((l) => l.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`,
  );
  return text.split(pattern).map((part, i) => {
    const link = LINKS.find((l) => l.text === part);
    return link ? (
      <a
        key={i}
        href={link.href}
        className="font-medium text-foreground underline underline-offset-4"
      >
        {part}
      </a>
    ) : (
      part
    );
  });
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
