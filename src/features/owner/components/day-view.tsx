import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Label } from '~/components/ui/label';
import { ownerCopy } from '~/content/owner';
import { ownerWaitlistCopy } from '~/content/owner-waitlist';
import { danishDay } from '~/lib/danish-date';
import { OwnerError, ownerMessage } from '../api/errors';
import { useOwnerDay } from '../api/queries';
import type { WaitlistEntry } from '../api/types';
import { addDays, copenhagenDay, dayOf, sortCars } from '../rules/day';
import { CarCard } from './car-card';
import { OfflineNotice } from './offline-notice';
import { PhoneBookingDialog } from './phone-booking-dialog';

const copy = ownerCopy.day;

/**
 * One day's cars: today, tomorrow or any day, sorted by the time that matters that day. "Today"
 * is the server's (the day's answer carries its now); before the first answer, the phone's clock
 * in Copenhagen.
 */
export function DayView({ now = Date.now }: { now?: () => number }) {
  const [day, setDay] = useState(() => copenhagenDay(now()));
  const query = useOwnerDay(day);
  const data = query.data;
  const today = data ? dayOf(data.now) : copenhagenDay(now());
  const tomorrow = addDays(today, 1);
  const cars = data ? sortCars(data.cars) : [];
  // the server no longer takes this session (signed out elsewhere) or the address left the owner
  // list: the day is not shown any more, only why (signing out is the way on)
  const refusal = query.error instanceof OwnerError ? query.error : null;
  if (refusal?.kind === 'not_owner' || refusal?.kind === 'signed_out') {
    return (
      <p role="alert" className="rounded-lg border border-destructive/60 p-4">
        {refusal.message}
      </p>
    );
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-2" role="group" aria-label={copy.pickLabel}>
        <Button
          variant={day === today ? 'default' : 'outline'}
          aria-pressed={day === today}
          onClick={() => setDay(today)}
        >
          {copy.today}
        </Button>
        <Button
          variant={day === tomorrow ? 'default' : 'outline'}
          aria-pressed={day === tomorrow}
          onClick={() => setDay(tomorrow)}
        >
          {copy.tomorrow}
        </Button>
        <div className="flex items-center gap-2">
          <Label htmlFor="owner-day" className="whitespace-nowrap">
            {copy.pick}
          </Label>
          <Input
            id="owner-day"
            type="date"
            className="w-auto"
            value={day}
            onChange={(event) => {
              if (/^\d{4}-\d{2}-\d{2}$/.test(event.target.value)) setDay(event.target.value);
            }}
          />
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-2xl font-semibold" data-testid="owner-day-heading">
          {data?.dayText ?? danishDay(day)}
        </h2>
        {data ? (
          <p className="text-sm text-muted-foreground">
            {data.hours ? copy.hours(data.hours.opens, data.hours.closes) : copy.closed}
            {' · '}
            {copy.count(cars.length)}
          </p>
        ) : null}
      </div>

      {query.isError && data ? <OfflineNotice updatedAt={query.dataUpdatedAt} /> : null}
      {query.isError && !data ? (
        <div role="alert" className="grid gap-3 rounded-lg border border-destructive/60 p-4">
          <p className="font-semibold">{copy.failed}</p>
          <p className="text-muted-foreground">{ownerMessage(query.error)}</p>
          <div>
            <Button variant="outline" onClick={() => void query.refetch()}>
              {copy.retry}
            </Button>
          </div>
        </div>
      ) : null}
      {!data && query.isPending && !query.isError ? (
        <p role="status" className="text-muted-foreground">
          {copy.loading}
        </p>
      ) : null}

      <PhoneBookingDialog />

      {data?.waitlist && data.waitlist.length > 0 ? <DayWaitlist entries={data.waitlist} /> : null}

      {data && cars.length === 0 ? <p className="text-muted-foreground">{copy.none}</p> : null}
      {cars.length > 0 ? (
        <ul className="grid gap-4" aria-label={copy.count(cars.length)}>
          {cars.map((car) => (
            <li key={car.id}>
              <CarCard
                car={car}
                day={data!.day}
                dayNow={data!.now}
                loadedAt={query.dataUpdatedAt}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

/** Who waits for a free time on the day: how many, and their addresses. */
function DayWaitlist({ entries }: { entries: WaitlistEntry[] }) {
  return (
    <section
      aria-labelledby="owner-waitlist-title"
      data-testid="owner-waitlist"
      className="grid gap-1 rounded-lg border p-4"
    >
      <h3 id="owner-waitlist-title" className="font-semibold">
        {ownerWaitlistCopy.title}: {ownerWaitlistCopy.count(entries.length)}
      </h3>
      <p className="text-sm text-muted-foreground">{ownerWaitlistCopy.hint}</p>
      <ul className="text-sm">
        {entries.map((entry) => (
          <li key={entry.email}>{ownerWaitlistCopy.entry(entry.email, entry.phone)}</li>
        ))}
      </ul>
    </section>
  );
}
