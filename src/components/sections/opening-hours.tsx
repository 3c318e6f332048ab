import { openingHoursLines, useSiteData } from '~/lib/site-data';
import { cn } from '~/lib/utils';

/**
 * The week's opening hours from the site data (the database), days with equal hours on one line:
 * a two-column list of days and hours, in the footer and on /contact.
 */
export function OpeningHours({
  className,
  hoursClassName,
}: {
  /** Classes added to the list's grid (text size, colour). */
  className?: string;
  /** Classes of each line's hours. */
  hoursClassName: string;
}) {
  return (
    <dl className={cn('grid grid-cols-[auto_1fr] gap-x-4 gap-y-1', className)}>
      {openingHoursLines(useSiteData().openingHours).map((line) => (
        <div key={line.days} className="contents">
          <dt>{line.days}</dt>
          <dd className={hoursClassName}>{line.hours}</dd>
        </div>
      ))}
    </dl>
  );
}
