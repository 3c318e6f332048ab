import { memo } from 'react';
import { bookingCopy } from '~/content/booking';
import type { BookingSummary as Summary } from '../rules/summary';

/** Service, date, time, duration and price (and the ready time of a job running past the day). */
export const BookingSummary = memo(function BookingSummary({ summary }: { summary: Summary }) {
  const copy = bookingCopy.summary;
  // the job's rows (package, size, add-ons) as every page after booking writes them, then the time
  const rows: Array<[string, string[]]> = [
    ...summary.job,
    [copy.date, [summary.date]],
    [copy.time, [summary.time]],
    [copy.duration, [summary.duration]],
    summary.total,
  ];
  if (summary.readyAt) rows.push([copy.readyAt, [summary.readyAt]]);
  return (
    <section
      aria-labelledby="booking-summary-heading"
      className="rounded-lg border bg-muted/50 p-4 text-sm"
    >
      <h3 id="booking-summary-heading" className="mb-3 font-semibold">
        {copy.heading}
      </h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5">
        {rows.map(([term, detail]) => (
          <div key={term} className="contents">
            <dt className="text-muted-foreground">{term}</dt>
            <dd className="font-medium">
              {detail.map((line) => (
                <span key={line} className="block">
                  {line}
                </span>
              ))}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-xs text-muted-foreground">{copy.vat}</p>
    </section>
  );
});
