import type { QueryClient } from '@tanstack/react-query';
import { ownerCopy } from '~/content/owner';
import { notify } from '~/lib/toast';
import * as api from '../api/owner-api';
import { OwnerError, ownerMessage } from '../api/errors';
import { ownerKeys } from '../api/queries';
import { minutesUntil, withCar } from '../rules/day';
import type { Car, OwnerDay, StatusAnswer, Undo } from '../api/types';

/**
 * The undo window of the last change's answer, in minutes: the confirmation before the next one
 * says it ("om 3 minutter"). Null until a change has answered (the setting is the database's).
 */
let lastWindowMinutes: number | null = null;
export const undoWindowMinutes = () => lastWindowMinutes;

/** The car's label in messages: its plate, else the customer's name. */
export const carLabel = (car: Car) => car.carPlate?.trim() || car.customerName;

export function applyCar(queryClient: QueryClient, car: Car) {
  queryClient.setQueriesData<OwnerDay>({ queryKey: ownerKeys.days() }, (day) =>
    day ? withCar(day, car) : day,
  );
  return queryClient.invalidateQueries({ queryKey: ownerKeys.days() });
}

/** Says a failed change, and loads the day again after a conflict (409). */
export function failed(queryClient: QueryClient, error: unknown) {
  notify.error(ownerMessage(error), { id: 'owner-change-failed' });
  if (error instanceof OwnerError && error.kind === 'conflict') {
    void queryClient.invalidateQueries({ queryKey: ownerKeys.days() });
  }
}

/**
 * Sets the status back within the undo window (owner_set_status to undo.status, from the status
 * the change made): inside the window the customer hears nothing.
 */
export async function undoChange(queryClient: QueryClient, car: Car, undo: Undo) {
  try {
    const answer = await api.setStatus(car.id, undo.status, car.status);
    await applyCar(queryClient, answer.car);
    // the same id: the change's toast (and its "Fortryd") is replaced by this one
    notify.success(ownerCopy.undone(carLabel(answer.car)), {
      id: `owner-change-${car.id}`,
      duration: 5000,
      // sonner keeps what an update does not name: the window's text and "Fortryd" go
      description: undefined,
      action: undefined,
    });
  } catch (error) {
    failed(queryClient, error);
  }
}

/**
 * After a change: the car's new status, when the customer hears of it, and "Fortryd" for as long
 * as the answer's undo window lasts (`now`: the server's clock as the page knows it).
 */
export function announce(queryClient: QueryClient, answer: StatusAnswer, now: number) {
  const { car, undo } = answer;
  if (!answer.changed) return;
  const minutes = undo ? minutesUntil(undo.until, now) : null;
  if (undo && minutes !== null) lastWindowMinutes = minutes;
  notify.success(ownerCopy.changed(carLabel(car), car.statusText), {
    id: `owner-change-${car.id}`,
    description: answer.notifies && minutes !== null ? ownerCopy.willNotify(minutes) : undefined,
    duration: undo ? Math.max(1000, Date.parse(undo.until) - now) : 5000,
    action: undo
      ? { label: ownerCopy.undo, onClick: () => void undoChange(queryClient, car, undo) }
      : undefined,
  });
}
