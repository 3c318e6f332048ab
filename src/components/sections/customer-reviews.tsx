import { Quote } from 'lucide-react';
import { reviewsText, type Review } from '~/content/reviews';
import { Section } from './section-heading';

const MONTHS = [
  'januar',
  'februar',
  'marts',
  'april',
  'maj',
  'juni',
  'juli',
  'august',
  'september',
  'oktober',
  'november',
  'december',
] as const;

/** '2026-11-20' -> 'november 2026' (a review's month is enough). */
function reviewMonth(date: string): string {
  const [year, month] = date.split('-');
  return `${MONTHS[Number(month) - 1] ?? ''} ${year}`.trim();
}

/**
 * The customers' reviews (src/content/reviews.ts), or nothing at all while there are none: the
 * page shows no empty section and no made-up quotes.
 */
export function CustomerReviews({
  reviews,
  muted,
}: {
  reviews: readonly Review[];
  muted?: boolean;
}) {
  if (reviews.length === 0) return null;
  return (
    <Section id="anmeldelser" muted={muted} heading={reviewsText}>
      <ul className="grid gap-6 md:grid-cols-2 lg:grid-cols-3">
        {reviews.map((review) => (
          <li key={`${review.name}-${review.date}`}>
            <figure className="flex h-full flex-col gap-4 rounded-2xl border bg-card p-6 text-card-foreground shadow-sm">
              <Quote className="size-6 text-primary" aria-hidden="true" />
              <blockquote className="flex-1 text-base">
                <p>{review.quote}</p>
              </blockquote>
              <figcaption className="text-sm">
                <span className="font-semibold">{review.name}</span>
                <span className="text-muted-foreground">, {review.car}</span>
                <span className="block text-muted-foreground">
                  <time dateTime={review.date}>{reviewMonth(review.date)}</time>{' '}
                  {review.url ? (
                    <a
                      href={review.url}
                      className="underline underline-offset-4"
                      rel="noopener noreferrer"
                      target="_blank"
                    >
                      {reviewsText.givenOn(review.source)}
                    </a>
                  ) : (
                    reviewsText.givenOn(review.source)
                  )}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </Section>
  );
}
