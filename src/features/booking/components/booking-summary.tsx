import { memo } from 'react';
import { bookingCopy } from '~/content/booking';
import type { BookingSummary as Summary } from '../rules/summary';

/** Service, date, time, duration and price (and the ready time of a job running past the day). */
export const BookingSummary = memo(function BookingSummary({ summary }: { summary: Summary }) {
  const copy = bookingCopy.summary;
  const rows: Array<[string, string]> = [[copy.service, summary.service]];
  if (summary.size) rows.push([bookingCopy.job.size, summary.size]);
  rows.push(
    [copy.date, summary.date],
    [copy.time, summary.time],
    [copy.duration, summary.duration],
  );
  rows.push(...summary.lines.map((line): [string, string] => [line.label, line.price]));
  rows.push([summary.lines.length > 0 ? bookingCopy.job.total : copy.price, summary.price]);
  if (summary.readyAt) rows.push([copy.readyAt, summary.readyAt]);
  return (
    <section
      aria-labelledby="booking-summary-heading"
      className="rounded-lg border bg-muted/40 p-4 text-sm"
    >
      <h3 id="booking-summary-heading" className="mb-3 font-semibold">
        {copy.heading}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium">{detail}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">{copy.vat}</p>
    </section>
  );
});
