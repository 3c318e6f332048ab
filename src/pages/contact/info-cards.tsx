import { business } from '~/content/business';
import { contactContent } from '~/content/contact-page';
import { OpeningHours } from '~/components/sections/opening-hours';

const card = 'rounded-xl border bg-card p-6 shadow-sm';

function CardTitle({
  icon: Icon,
  title,
}: {
  icon: typeof contactContent.info.hours.icon;
  title: string;
}) {
  return (
    <h3 className="mb-3 flex items-center gap-2 text-lg font-semibold">
      <Icon className="size-5 text-primary" aria-hidden="true" />
      {title}
    </h3>
  );
}

/** Address, opening hours and service area. */
export function InfoCards() {
  const { address, hours, area } = contactContent.info;
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <div className={card}>
        <CardTitle icon={address.icon} title={address.title} />
        <address className="not-italic">
          {business.name}
          <br />
          {business.address.street}
          <br />
          {business.address.postalCode} {business.address.city}
        </address>
        <p className="mt-3 text-muted-foreground">{address.note}</p>
      </div>
      <div className={card}>
        <CardTitle icon={hours.icon} title={hours.title} />
        <OpeningHours hoursClassName="text-right tabular-nums text-muted-foreground" />
      </div>
      <div className={card}>
        <CardTitle icon={area.icon} title={area.title} />
        <p className="text-muted-foreground">{area.text}</p>
        <ul className="mt-3 flex flex-wrap gap-2">
          {business.serviceArea.map((town) => (
            <li key={town} className="rounded-full border px-3 py-1 text-sm font-medium">
              {town}
            </li>
          ))}
          <li className="px-1 py-1 text-sm text-muted-foreground">{area.more}</li>
        </ul>
      </div>
    </div>
  );
}
