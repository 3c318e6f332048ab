/**
 * What the move page (/flyt) shows once the booking behind the link is known (reschedule-panel.tsx
 * looks it up): loaded with import() while the lookup is on its way, so the booking form's date and
 * time fields are in no first load.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import {
  ActionOrHome,
  BookAgain,
  CallUs,
  LinkMessage,
  type LinkContentProps,
} from '~/components/booking-link';
import { BookingDetails } from '~/components/booking-details';
import { Button } from '~/components/ui/button';
import { rescheduleCopy } from '~/content/reschedule';
import { danishDateTime, danishDayTime } from '~/lib/danish-date';
import { bookingKeys } from '../api/keys';
import { moveBooking, type MovedBooking } from '../api/move-booking';
import { moveSlotSource } from '../api/move-slots';
import type { LookupAnswer, MovableBooking } from '../api/reschedule-booking';
import { BookingQueryProvider } from './booking-query-provider';
import { nextFreeTime } from '../rules/next-free-time';
import { DateField } from './date-field';
import { NextFreeTime } from './next-free-time';
import OutageNotice from './outage-notice';
import { TimeField } from './time-field';
import { useSlotChoice } from './use-slot-choice';

const copy = rescheduleCopy;

/** The page for the booking behind the link: its state, and the form to move it while it may be. */
export default function MoveContent({ answer, token, onAnswer }: LinkContentProps<LookupAnswer>) {
  const [moved, setMoved] = useState<MovedBooking | null>(null);

  if (moved) {
    return (
      <>
        <LinkMessage title={copy.done.title} body={copy.done.body} tone="success" />
        <BookingDetails
          // a move keeps the job and its price as booked: the lookup's
          booking={{
            ...moved,
            serviceName: moved.service.name,
            price: answer.booking.price,
            job: answer.booking.job,
          }}
          when={danishDateTime}
        >
          <p className="mt-4 text-sm text-muted-foreground">
            {copy.done.previous}: {danishDateTime(moved.previousDropOff)}
          </p>
        </BookingDetails>
      </>
    );
  }

  const details = <BookingDetails booking={answer.booking} when={danishDateTime} />;
  if (answer.state === 'cancelled') {
    return (
      <>
        <LinkMessage title={copy.cancelled.title} body={copy.cancelled.body}>
          <BookAgain />
        </LinkMessage>
        {details}
      </>
    );
  }
  if (answer.state === 'too_late' || answer.state === 'move_limit') {
    const text = answer.state === 'too_late' ? copy.tooLate : copy.moveLimit;
    return (
      <>
        <LinkMessage title={text.title} body={text.body} tone="error">
          <CallUs />
        </LinkMessage>
        {details}
      </>
    );
  }
  return (
    <>
      <h2 className="text-xl font-semibold">{copy.current}</h2>
      {details}
      <BookingQueryProvider>
        <MoveForm token={token} booking={answer.booking} onMoved={setMoved} onGone={onAnswer} />
      </BookingQueryProvider>
    </>
  );
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
  const {
    calendar,
    date,
    slots,
    readyAt,
    loadingSlots,
    slotsFailed,
    time: chosenTime,
    ...slot
  } = useSlotChoice(
    booking.serviceId,
    // the booking's own time counts as free: a half-hour shift on the same day is offered
    useMemo(() => moveSlotSource(token), [token]),
  );
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const ready = date !== null && chosenTime !== null;
  // the calendar or the times cannot be read: said once, with the phone; the reads are asked
  // again by themselves (booking-query-provider.tsx) and the notice goes when they answer
  const outage = calendar.isError || slotsFailed;
  // a chosen day without a free time (a full day can be tapped): the next free time, as on the form
  const dayWithoutTime =
    date !== null && !loadingSlots && !slotsFailed && slots.length === 0 && !!calendar.data;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setProblem(null);
    const result = await moveBooking(token, date, chosenTime);
    setBusy(false);
    if (result.kind === 'moved') {
      onMoved(result.booking);
    } else if (result.kind === 'not_found' || result.kind === 'replaced') {
      onGone(result);
    } else if (result.kind === 'refused') {
      onGone({ kind: 'booking', state: result.state, booking });
    } else if (result.kind === 'retry') {
      setProblem(result.message);
      slot.clearTime();
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
      {outage ? <OutageNotice text={copy.outage} /> : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <DateField
          value={date}
          onChange={(day) => {
            slot.pickDate(day);
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
            slot.pickTime(value);
            setProblem(null);
          }}
          hasDate={date !== null}
          loading={loadingSlots}
          date={date}
          readyAt={readyAt}
          onlyTime={slot.onlyTime}
        />
      </div>
      {dayWithoutTime ? (
        <NextFreeTime
          next={nextFreeTime(calendar.data, date)}
          onTake={(next) => {
            slot.pickDayAndTime(next.day, next.time);
            setProblem(null);
          }}
        />
      ) : null}
      {ready ? (
        <p className="rounded-lg border border-border p-4">
          <span className="font-medium">{copy.newTime}:</span> {danishDayTime(date, chosenTime)}
          {newReady ? ` (${copy.details.readyAt.toLowerCase()} ${danishDateTime(newReady)})` : null}
        </p>
      ) : null}
      {problem ? (
        <div role="alert" className="rounded-lg border border-destructive/60 p-4">
          <p className="font-semibold">{copy.moveFailed}</p>
          <p className="mt-1 text-muted-foreground">{problem}</p>
        </div>
      ) : null}
      <p className="text-sm text-muted-foreground">
        {copy.deadline} {danishDateTime(booking.moveDeadline)}. {copy.movesLeft(booking.movesLeft)}
      </p>
      <ActionOrHome home={copy.keep}>
        <Button type="submit" disabled={!ready || busy}>
          {busy ? copy.submitting : copy.submit}
        </Button>
      </ActionOrHome>
    </form>
  );
}
