import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateBookingBody } from '../../../../supabase/functions/_shared/booking-body.ts';
import { bookingAnswer } from './booking-answer';
import { bookingDb } from './client';
import { BookingApiError, invokeReply } from './errors';
import { bookingKeys } from './keys';
import type { BookingJob } from '~/lib/booking-job';

/**
 * What the form posts: the create-booking body the function reads, declared once next to the
 * function (types only; see that file), without the body's idempotency key (the form sends it in
 * the Idempotency-Key header).
 */
export type BookingInput = Omit<CreateBookingBody, 'idempotencyKey'>;

export interface CreatedBooking {
  reference: string;
  service: { id: string; name: string };
  /** ISO 8601 with the Copenhagen offset */
  dropOff: string;
  readyAt: string;
  /** The total the booking was made at, kroner incl. VAT (the server's, booking_job). */
  price?: number;
  /** The job as booked: size, package price and add-ons. */
  job?: BookingJob | null;
}

/**
 * POST /functions/v1/create-booking. The idempotency key travels in the Idempotency-Key header,
 * so a retried submit of the same booking never books twice.
 */
export async function createBooking(
  input: BookingInput,
  idempotencyKey: string,
): Promise<CreatedBooking> {
  const { website, ...fields } = input;
  const body = website && website.trim() !== '' ? { ...fields, website } : fields;
  const db = await bookingDb('create');
  const result = await db.functions.invoke<unknown>('create-booking', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  const answer = bookingAnswer(await invokeReply(result), (created) =>
    typeof created.reference === 'string' ? (created as unknown as CreatedBooking) : null,
  );
  if (answer.kind === 'ok') return answer.value;
  throw new BookingApiError(
    'create',
    `create-booking: ${answer.kind}, HTTP ${answer.status ?? '-'}`,
    {
      status: answer.status,
      serverMessage: answer.kind === 'error' ? undefined : answer.message,
      answer,
      cause: result.error ?? undefined,
    },
  );
}

/** The booking's time was just taken (a 409): the form lets the visitor choose another. */
export function timeTaken(error: unknown): boolean {
  return error instanceof BookingApiError && error.answer?.kind === 'taken';
}

export function useCreateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ input, idempotencyKey }: { input: BookingInput; idempotencyKey: string }) =>
      createBooking(input, idempotencyKey),
    onSettled: (_data, error) => {
      // a booking (or a lost race) changes the free slots and maybe a full day: fetch them again
      // when next needed
      if (!error || timeTaken(error)) {
        return Promise.all([
          queryClient.invalidateQueries({ queryKey: bookingKeys.slotsAll() }),
          queryClient.invalidateQueries({ queryKey: bookingKeys.calendarAll() }),
        ]);
      }
    },
  });
}

/** A fresh idempotency key for one booking attempt. */
export function newIdempotencyKey(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') {
    return crypto.randomUUID();
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
