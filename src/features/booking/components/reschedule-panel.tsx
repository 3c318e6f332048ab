import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '~/components/ui/button';
import { Card, CardContent } from '~/components/ui/card';
import { business, telHref } from '~/content/business';
import { rescheduleCopy } from '~/content/reschedule';
import { formatPrice } from '~/lib/format';
import { useLinkToken } from '~/lib/link-token';
import { useAvailableSlots } from '../api/get-available-slots';
import { useBookingCalendar } from '../api/get-booking-calendar';
import { bookingKeys } from '../api/keys';
import {
  lookupMovableBooking,
  moveBooking,
  type LookupAnswer,
  type MovableBooking,
  type MovedBooking,
} from '../api/reschedule-booking';
import { formatDay, formatDayTime, localParts } from '../rules/summary';
import { BookingQueryProvider } from './booking-query-provider';
import { DateField } from './date-field';
import { TimeField } from './time-field';

const copy = rescheduleCopy;

/** 'mandag d. 7. december 2026 kl. 09:00' for an ISO instant in Copenhagen time. */
function dayTime(iso: string): string {
  const parts = localParts(iso);
  return parts ? `${formatDay(parts.day)} kl. ${parts.time}` : iso;
}

function Message({
  title,
  body,
  tone = 'info',
  children,
}: {
  title: string;
  body: string;
  tone?: 'info' | 'error' | 'success';
  children?: ReactNode;
}) {
  const border =
    tone === 'error'
      ? 'border-destructive/60'
      : tone === 'success'
        ? 'border-primary/60'
        : 'border-border';
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      ref={(element) => element?.focus()}
      tabIndex={-1}
      className={`rounded-lg border ${border} p-4 outline-none`}
    >
      <h2 className="text-xl font-semibold">{title}</h2>
      <p className="mt-2 text-muted-foreground">{body}</p>
      {children}
    </div>
  );
}

function CallUs() {
  return (
    <div className="mt-4 flex flex-wrap gap-3">
      <Button asChild>
        <a href={telHref(business.phone)}>
          {copy.call}: {business.phone.display}
        </a>
      </Button>
      <Button asChild variant="outline">
        <Link to="/">{copy.home}</Link>
      </Button>
    </div>
  );
}

function Details({
  booking,
}: {
  booking: {
    reference: string;
    serviceName: string;
    price: number;
    dropOff: string;
    readyAt: string;
  };
}) {
  const rows: [string, string][] = [
    [copy.details.reference, booking.reference],
    [copy.details.service, booking.serviceName],
    [copy.details.dropOff, dayTime(booking.dropOff)],
    [copy.details.readyAt, dayTime(booking.readyAt)],
    [copy.details.price, formatPrice(booking.price)],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The move page's content (/flyt?token=…): the booking behind the link, then the booking form's
 * own date and time fields for the same package (the server's calendar and free times: the same
 * rules and texts as the form), and one POST that moves it.
 */
export function ReschedulePanel() {
  return (
    <BookingQueryProvider>
      <RescheduleContent />
    </BookingQueryProvider>
  );
}

function RescheduleContent() {
  const token = useLinkToken();
  const [answer, setAnswer] = useState<LookupAnswer | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [moved, setMoved] = useState<MovedBooking | null>(null);

  useEffect(() => {
    if (!token) return;
    let live = true;
    void lookupMovableBooking(token).then((result) => {
      if (live) setAnswer(result);
    });
    return () => {
      live = false;
    };
  }, [token, attempt]);

  if (token === undefined || (token && answer === null)) {
    return (
      <p role="status" className="text-muted-foreground">
        {copy.loading}
      </p>
    );
  }
  if (moved) {
    return (
      <>
        <Message title={copy.done.title} body={copy.done.body} tone="success" />
        <Card className="mt-6">
          <CardContent className="pt-6">
            <Details
              booking={{ ...moved, serviceName: moved.service.name, price: priceOf(answer) }}
            />
            <p className="mt-4 text-sm text-muted-foreground">
              {copy.done.previous}: {dayTime(moved.previousDropOff)}
            </p>
          </CardContent>
        </Card>
      </>
    );
  }
  if (!token || answer?.kind === 'not_found') {
    return (
      <Message title={copy.invalid.title} body={copy.invalid.body} tone="error">
        <CallUs />
      </Message>
    );
  }
  if (!answer || answer.kind === 'error') {
    return (
      <Message title={copy.failed.title} body={copy.failed.body} tone="error">
        <div className="mt-4">
          <Button
            onClick={() => {
              setAnswer(null);
              setAttempt((n) => n + 1);
            }}
          >
            {copy.failed.retry}
          </Button>
        </div>
      </Message>
    );
  }

  const details = (
    <Card className="mt-6">
      <CardContent className="pt-6">
        <Details booking={answer.booking} />
      </CardContent>
    </Card>
  );
  if (answer.state === 'cancelled') {
    return (
      <>
        <Message title={copy.cancelled.title} body={copy.cancelled.body}>
          <div className="mt-4">
            <Button asChild>
              <Link to="/contact">{copy.cancelled.bookAgain}</Link>
            </Button>
          </div>
        </Message>
        {details}
      </>
    );
  }
  if (answer.state === 'too_late' || answer.state === 'move_limit') {
    const text = answer.state === 'too_late' ? copy.tooLate : copy.moveLimit;
    return (
      <>
        <Message title={text.title} body={text.body} tone="error">
          <CallUs />
        </Message>
        {details}
      </>
    );
  }
  return (
    <>
      <h2 className="text-xl font-semibold">{copy.current}</h2>
      {details}
      <MoveForm
        token={token}
        booking={answer.booking}
        onMoved={setMoved}
        onGone={(next) => setAnswer(next)}
      />
    </>
  );
}

function priceOf(answer: LookupAnswer | null): number {
  return answer?.kind === 'booking' ? answer.booking.price : 0;
}

function MoveForm({
  token,
  booking,
  onMoved,
  onGone,
}: {
  token: string;
  booking: MovableBooking;
  onMoved: (booking: MovedBooking) => void;
  onGone: (answer: LookupAnswer) => void;
}) {
  const queryClient = useQueryClient();
  const [date, setDate] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const calendar = useBookingCalendar(booking.serviceId);
  const slotsQuery = useAvailableSlots(booking.serviceId, date);
  const slots = slotsQuery.isError ? [] : (slotsQuery.data?.slots ?? []);
  const loadingSlots = date !== null && slotsQuery.isFetching;
  const chosenTime = time !== null && !loadingSlots && slots.includes(time) ? time : null;
  const readyAt = slotsQuery.data?.readyAt ?? {};
  const ready = date !== null && chosenTime !== null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setProblem(null);
    const result = await moveBooking(token, date, chosenTime);
    setBusy(false);
    if (result.kind === 'moved') {
      onMoved(result.booking);
    } else if (result.kind === 'not_found') {
      onGone({ kind: 'not_found' });
    } else if (result.kind === 'refused') {
      onGone({ kind: 'booking', state: result.state, booking });
    } else if (result.kind === 'retry') {
      setProblem(result.message);
      setTime(null);
      // the time was just taken: fresh free times and days
      void queryClient.invalidateQueries({ queryKey: bookingKeys.slotsAll() });
      void queryClient.invalidateQueries({ queryKey: bookingKeys.calendarAll() });
    } else {
      setProblem(copy.failed.body);
    }
  }

  const newReady = chosenTime ? readyAt[chosenTime] : undefined;
  return (
    <form onSubmit={submit} aria-labelledby="move-heading" className="mt-8 grid gap-5">
      <div>
        <h2 id="move-heading" className="text-xl font-semibold">
          {copy.choose}
        </h2>
        <p className="mt-1 text-sm text-muted-foreground">{copy.chooseHint}</p>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <DateField
          value={date}
          onChange={(day) => {
            setDate(day);
            setTime(null);
            setProblem(null);
          }}
          disabled={false}
          calendar={calendar.data}
          calendarFailed={calendar.isError}
        />
        <TimeField
          slots={slots}
          value={chosenTime}
          onChange={(value) => {
            setTime(value);
            setProblem(null);
          }}
          hasDate={date !== null}
          loading={loadingSlots}
          date={date}
          readyAt={readyAt}
        />
      </div>
      {ready ? (
        <p className="rounded-lg border border-border p-4">
          <span className="font-medium">{copy.newTime}:</span> {formatDay(date)} kl. {chosenTime}
          {newReady ? ` (${copy.details.readyAt.toLowerCase()} ${formatDayTime(newReady)})` : null}
        </p>
      ) : null}
      {problem ? (
        <div role="alert" className="rounded-lg border border-destructive/60 p-4">
          <p className="font-semibold">{copy.moveFailed}</p>
          <p className="mt-1 text-muted-foreground">{problem}</p>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {copy.deadline} {dayTime(booking.moveDeadline)}. {copy.movesLeft(booking.movesLeft)}
      </p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!ready || busy}>
          {busy ? copy.submitting : copy.submit}
        </Button>
        <Button asChild variant="outline">
          <Link to="/">{copy.keep}</Link>
        </Button>
      </div>
    </form>
  );
}
