import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState, type FormEvent } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '~/components/ui/dialog';
import { Button } from '~/components/ui/button';
import { ownerCopy } from '~/content/owner';
import { danishDateTime, danishDayTime } from '~/lib/danish-date';
import { notify } from '~/lib/toast';
import * as api from '../api/owner-api';
import { OwnerError, ownerMessage } from '../api/errors';
import type { Car } from '../api/types';
import { ownerMoveSource, useOwnerTools } from './owner-tools';
import { applyCar, carLabel } from './status-change';

const copy = ownerCopy.move;

/** "Flyt": the site's date and time picker with the owner's days and times, then one move. */
export function MoveDialog({ car, onClose }: { car: Car; onClose: () => void }) {
  const { SlotPicker } = useOwnerTools();
  const queryClient = useQueryClient();
  const [choice, setChoice] = useState<{ date: string; time: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  // the booking's own job as booked (its length), its own time counted free
  const [source] = useState(() => ownerMoveSource(car.id));
  const onChange = useCallback((next: { date: string; time: string } | null) => {
    setChoice(next);
    // a new time chosen: the refusal of the last one is past (a new picker starts with none)
    if (next) setProblem(null);
  }, []);
  const move = useMutation({
    mutationFn: ({ date, time }: { date: string; time: string }) =>
      api.moveBooking(car.id, date, time),
    onSuccess: async (answer, { date, time }) => {
      notify.success(copy.moved(carLabel(answer.car), danishDayTime(date, time)), {
        id: `owner-move-${car.id}`,
      });
      onClose();
      await applyCar(queryClient, answer.car);
    },
    onError: (error) => {
      setProblem(ownerMessage(error));
      // the time was refused (taken meanwhile, or no longer offered): the picker is mounted
      // anew, with fresh days and times, and the time is chosen again
      if (error instanceof OwnerError && error.kind === 'refused') setAttempt((n) => n + 1);
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (choice && !move.isPending) move.mutate(choice);
  }

  const label = carLabel(car);
  return (
    <Dialog open onOpenChange={(next) => !next && !move.isPending && onClose()}>
      <DialogContent closeLabel={ownerCopy.close}>
        <DialogHeader>
          <DialogTitle>{copy.title(label)}</DialogTitle>
          <DialogDescription>{copy.intro(danishDateTime(car.dropOff))}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} className="grid gap-4">
          <SlotPicker key={attempt} serviceId={car.serviceId} source={source} onChange={onChange} />
          {problem ? (
            <p role="alert" className="rounded-lg border border-destructive/60 p-3 text-sm">
              {problem}
            </p>
          ) : null}
          <Button type="submit" size="lg" disabled={!choice || move.isPending}>
            {move.isPending ? copy.submitting : copy.submit}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
