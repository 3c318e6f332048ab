import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Mail, Phone } from 'lucide-react';
import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Card } from '~/components/ui/card';
import { ownerCopy } from '~/content/owner';
import { formatPrice } from '~/lib/format';
import * as api from '../api/owner-api';
import { carActions, clockOf, dayOf, messagesCustomer } from '../rules/day';
import type { Car, CarMessage, CarStatus } from '../api/types';
import { CancelDialog } from './cancel-dialog';
import { ConfirmStatusDialog } from './confirm-status-dialog';
import { MoveDialog } from './move-dialog';
import { useClock } from './use-clock';
import { announce, carLabel, failed, applyCar, undoChange } from './status-change';

const copy = ownerCopy.car;

/** 'kl. 10:00', or with the date when the instant is on another day than the one shown. */
function when(iso: string, day: string): string {
  const time = clockOf(iso);
  if (dayOf(iso) === day) return time;
  const [, month, date] = dayOf(iso).split('-');
  return `${Number(date)}/${Number(month)} ${time}`;
}

function messageLine(message: CarMessage): string {
  const m = ownerCopy.message;
  const kind = message.kind.replace(/^sms_/, '');
  const name = m.kinds[kind as keyof typeof m.kinds] ?? m.otherKind;
  const state =
    message.status === 'pending' && message.due
      ? `${m.status.pending}, ${m.due(clockOf(message.due))}`
      : message.status === 'sent' && message.sentAt
        ? `${m.status.sent} ${m.sentAt(clockOf(message.sentAt))}`
        : m.status[message.status];
  return `${m.channel[message.channel]}: ${name} – ${state}`;
}

/**
 * One car of the day: what happens to it, its times and customer, its messages, and one big
 * button for its next status (a confirmation first when the customer is messaged), "Udeblevet"
 * beside it, undo while the window is open, and move and cancel while it is only booked.
 * `serverNow`: the server's clock as the page knows it (the day's now plus the time since).
 */
export function CarCard({
  car,
  day,
  dayNow,
  loadedAt,
}: {
  car: Car;
  /** The day shown (yyyy-MM-dd): times on another day carry their date. */
  day: string;
  /** The server's now in the day's answer (ISO). */
  dayNow: string;
  /** When that answer came (ms, the phone's clock). */
  loadedAt: number;
}) {
  const queryClient = useQueryClient();
  // the server's clock as the page knows it: the day's now, plus the time since it came
  const serverNow = (phoneNow: number) => Date.parse(dayNow) + (phoneNow - loadedAt);
  const clock = useClock(5000);
  const [confirming, setConfirming] = useState<CarStatus | null>(null);
  const [moving, setMoving] = useState(false);
  const [cancelling, setCancelling] = useState(false);

  const change = useMutation({
    mutationFn: ({ status, from }: { status: CarStatus; from: CarStatus }) =>
      api.setStatus(car.id, status, from),
    onSuccess: async (answer) => {
      setConfirming(null);
      announce(queryClient, answer, serverNow(Date.now()));
      await applyCar(queryClient, answer.car);
    },
    onError: (error) => {
      setConfirming(null);
      failed(queryClient, error);
    },
  });
  const undo = useMutation({
    mutationFn: () => undoChange(queryClient, car, car.undo!),
  });

  const { primary, secondary } = carActions(car);
  const busy = change.isPending || undo.isPending;
  const tap = (status: CarStatus) => {
    if (busy) return;
    if (messagesCustomer(status, car)) setConfirming(status);
    else change.mutate({ status, from: car.status });
  };
  const undoOpen = car.undo !== null && Date.parse(car.undo.until) > serverNow(clock);
  const label = carLabel(car);
  const headingId = `car-${car.id}`;

  return (
    <Card>
      <article aria-labelledby={headingId} className="grid gap-3 p-4" data-testid="owner-car">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="text-xl font-bold">
            {car.at ? `${clockOf(car.at)} ` : ''}
            {car.carPlate?.trim() || ownerCopy.noPlate}
          </h3>
          <p className="text-sm font-semibold" data-testid="owner-car-role">
            {ownerCopy.roles[car.role] ?? car.role}
          </p>
        </div>
        <p>
          <span className="font-semibold">{car.customerName}</span>
          {' · '}
          {car.package}
          {' · '}
          <span data-testid="owner-car-status">{car.statusText}</span>
        </p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          {/* the job as booked: what the bay is planned for and what is charged */}
          {car.carSizeName ? (
            <>
              <dt className="text-muted-foreground">{copy.size}</dt>
              <dd>{car.carSizeName}</dd>
            </>
          ) : null}
          {car.addons.length > 0 ? (
            <>
              <dt className="text-muted-foreground">{copy.addons}</dt>
              <dd>{car.addons.map((a) => a.name).join(', ')}</dd>
            </>
          ) : null}
          <dt className="text-muted-foreground">{copy.price}</dt>
          <dd>{copy.priceWithVat(formatPrice(car.price))}</dd>
          <dt className="text-muted-foreground">{copy.dropOff}</dt>
          <dd>{when(car.dropOff, day)}</dd>
          <dt className="text-muted-foreground">{copy.ready}</dt>
          <dd>{when(car.ready, day)}</dd>
          <dt className="text-muted-foreground">{copy.reference}</dt>
          <dd>
            {car.reference}
            {car.source === 'owner' ? ` (${copy.byPhone})` : ''}
          </dd>
          {car.notes?.trim() ? (
            <>
              <dt className="text-muted-foreground">{copy.notes}</dt>
              <dd>{car.notes}</dd>
            </>
          ) : null}
        </dl>
        <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
          <a href={`tel:${car.phone}`} className="inline-flex items-center gap-1 underline">
            <Phone className="size-4" aria-hidden="true" />
            <span className="sr-only">{copy.phone}: </span>
            {car.phoneDisplay}
          </a>
          {car.email ? (
            <a
              href={`mailto:${car.email}`}
              className="inline-flex items-center gap-1 underline break-all"
            >
              <Mail className="size-4" aria-hidden="true" />
              <span className="sr-only">{copy.email}: </span>
              {car.email}
            </a>
          ) : null}
        </div>
        {car.noShows > 0 ? (
          <p className="rounded-lg border border-destructive/60 p-2 text-sm font-medium">
            {copy.noShows(car.noShows)}
          </p>
        ) : null}
        <div className="text-sm">
          <p className="text-muted-foreground">{copy.messages}</p>
          {car.messages.length === 0 ? (
            <p>{copy.noMessages}</p>
          ) : (
            <ul className="grid gap-1">
              {car.messages.map((message, index) => (
                <li key={`${message.kind}-${message.channel}-${index}`}>{messageLine(message)}</li>
              ))}
            </ul>
          )}
        </div>

        {primary ? (
          <Button
            size="lg"
            className="w-full"
            disabled={busy}
            aria-describedby={headingId}
            onClick={() => tap(primary)}
          >
            {busy && change.variables?.status === primary
              ? ownerCopy.busy
              : ownerCopy.actions[primary as keyof typeof ownerCopy.actions]}
          </Button>
        ) : null}
        <div className="flex flex-wrap gap-2">
          {undoOpen ? (
            <Button variant="outline" disabled={busy} onClick={() => undo.mutate()}>
              {ownerCopy.undo}
            </Button>
          ) : null}
          {secondary ? (
            <Button variant="outline" disabled={busy} onClick={() => tap(secondary)}>
              {ownerCopy.actions.no_show}
            </Button>
          ) : null}
          {car.status === 'confirmed' ? (
            <>
              <Button variant="outline" disabled={busy} onClick={() => setMoving(true)}>
                {copy.move}
              </Button>
              <Button variant="outline" disabled={busy} onClick={() => setCancelling(true)}>
                {copy.cancel}
              </Button>
            </>
          ) : null}
        </div>

        <ConfirmStatusDialog
          open={confirming !== null}
          label={label}
          action={confirming ? ownerCopy.actions[confirming as keyof typeof ownerCopy.actions] : ''}
          busy={change.isPending}
          onConfirm={() => confirming && change.mutate({ status: confirming, from: car.status })}
          onCancel={() => setConfirming(null)}
        />
        {moving ? <MoveDialog car={car} onClose={() => setMoving(false)} /> : null}
        {cancelling ? <CancelDialog car={car} onClose={() => setCancelling(false)} /> : null}
      </article>
    </Card>
  );
}
