import type { ContactWay } from '~/content/contact-page';
import { useSiteData } from '~/lib/site-data';

/** Phone, e-mail and the booking form: one card each, the whole action a link. */
export function ContactWays({ items }: { items: readonly ContactWay[] }) {
  const data = useSiteData();
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {items.map(({ id, icon: Icon, title, description, action, href }) => (
        <li key={id} className="flex flex-col rounded-xl border bg-card p-6 shadow-sm">
          <span
            aria-hidden="true"
            className="mb-4 flex size-12 items-center justify-center rounded-full bg-primary/15 text-primary"
          >
            <Icon className="size-6" />
          </span>
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="mt-2 flex-1 text-muted-foreground">
            {typeof description === 'function' ? description(data) : description}
          </p>
          <a
            href={href}
            className="mt-4 font-semibold break-all text-primary underline-offset-4 hover:underline"
          >
            {action}
          </a>
        </li>
      ))}
    </ul>
  );
}
