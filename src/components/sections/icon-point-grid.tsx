import type { IconPoint } from '~/content/why-us';
import { cn } from '~/lib/utils';

/** Icon, h3 title and text per point (why-choose-us lists, values). */
export function IconPointGrid({
  points,
  className,
}: {
  points: readonly IconPoint[];
  className?: string;
}) {
  return (
    <ul className={cn('grid gap-6 sm:grid-cols-2 lg:grid-cols-3', className)}>
      {points.map((point) => {
        const Icon = point.icon;
        return (
          <li key={point.title} className="rounded-xl border bg-card p-6 shadow-sm">
            <span className="mb-4 flex h-12 w-12 items-center justify-center rounded-lg bg-primary/15 text-primary">
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <h3 className="text-lg font-semibold">{point.title}</h3>
            <p className="mt-2 text-muted-foreground">{point.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
