/**
 * The booking behind an e-mail link as /afbestil and /flyt show it once it has been looked up. Its
 * own module: only the answers loaded after the lookup (cancel-content.tsx, move-content.tsx)
 * import it, so the job's rows are in neither page's first load.
 */
import type { ReactNode } from 'react';
import { Card, CardContent } from '~/components/ui/card';
import { bookingLinkCopy as copy } from '~/content/booking-link';
import { jobRows, totalRow, type JobOf } from '~/lib/booking-job';

/**
 * The booking behind the link, in a card: what the customer booked (the package, the car size, the
 * add-ons with their prices and the total inkl. moms, as booked), no contact details. `when`
 * writes its instants (each page in its own words); `children` stand below the list.
 */
export function BookingDetails({
  booking,
  when,
  children,
}: {
  booking: JobOf & {
    reference: string;
    dropOff: string;
    readyAt: string;
  };
  when: (iso: string) => string;
  children?: ReactNode;
}) {
  const d = copy.details;
  const rows: [string, string[]][] = [
    [d.reference, [booking.reference]],
    ...jobRows(booking),
    [d.dropOff, [when(booking.dropOff)]],
    [d.readyAt, [when(booking.readyAt)]],
    totalRow(booking),
  ];
  return (
    <Card className="mt-6">
      <CardContent className="pt-6">
        <dl className="grid grid-cols-1 gap-x-6 gap-y-1 sm:grid-cols-[auto_1fr]">
          {rows.map(([label, lines]) => (
            <div key={label} className="contents">
              <dt className="text-sm text-muted-foreground">{label}</dt>
              {/* the test id the cancel page has always had: tests find each value by it */}
              <dd className="mb-2 font-medium sm:mb-0" data-testid={`cancel-${label}`}>
                {lines.length === 1
                  ? lines[0]
                  : lines.map((line, i) => (
                      <span key={i} className="block">
                        {line}
                      </span>
                    ))}
              </dd>
            </div>
          ))}
        </dl>
        {children}
      </CardContent>
    </Card>
  );
}
