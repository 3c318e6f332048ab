import type { Statistic } from '~/content/home';

/** Statistic tiles: big number, label and a short description (2 columns on phones, 4 wider). */
export function StatGrid({ stats }: { stats: readonly Statistic[] }) {
  return (
    <ul className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {stats.map((stat) => {
        const Icon = stat.icon;
        return (
          <li key={stat.label} className="rounded-xl border bg-card p-5 text-center shadow-sm">
            <Icon className="mx-auto mb-3 h-7 w-7 text-primary" aria-hidden="true" />
            <p className="whitespace-nowrap text-2xl font-bold sm:text-3xl">{stat.number}</p>
            <p className="mt-1 font-semibold">{stat.label}</p>
            <p className="mt-1 text-sm text-muted-foreground">{stat.description}</p>
          </li>
        );
      })}
    </ul>
  );
}
