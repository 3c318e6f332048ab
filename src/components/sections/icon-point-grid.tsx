import type { IconPoint } from '~/content/sections';
import { cn } from '~/lib/utils';

/**
 * Icon, h3 title and text per point (why-choose-us lists, values). On phones the icon sits beside
 * the title, which keeps the long lists short; wider, it stands above.
 */
export function IconPointGrid({
  points,
  className,
}: {
  points: readonly IconPoint[];
  className?: string;
}) {
  return (
    // point-grid (app.css): the cards' layout and column spans that leave no empty cell
    <ul className={cn('point-grid', className)}>
      {points.map((point) => {
        const Icon = point.icon;
        return (
          <li key={point.title}>
            <span>
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
            <h3>{point.title}</h3>
            <p>{point.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
