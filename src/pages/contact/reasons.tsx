import type { ContactReason } from '~/content/contact-page';
import { useSiteData } from '~/lib/site-data';

/** The four reasons to get in touch. */
export function Reasons({ items }: { items: readonly ContactReason[] }) {
  const data = useSiteData();
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {items.map(({ icon: Icon, title, description }) => (
        <li key={title} className="rounded-xl border bg-card p-6 shadow-sm">
          <Icon className="mb-3 size-7 text-primary" aria-hidden="true" />
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="mt-2 text-muted-foreground">
            {typeof description === 'function' ? description(data) : description}
          </p>
        </li>
      ))}
    </ul>
  );
}
