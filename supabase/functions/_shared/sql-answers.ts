// What the SQL functions that answer in JSON answer, by function name. The generated database types
// (database.types.ts, npm run db:types) take each jsonb function's `Returns` from here, so an
// edge function's `rpc(name, args)` is typed on both sides: its arguments by the database, its
// answer by this declaration, with no cast at the call. The function tests hold the SQL to it.
// The browser's generated types re-export these declarations (types only).
import type { BookingRequestFields } from './booking-body.ts';
import type { BookingJob } from './email/booking.ts';
import type { ClaimAnswer } from './email/processor.ts';
import type { FeedBooking } from './owner-calendar.ts';

/** public.create_booking / create_booking_with_challenge */
export interface CreateAnswer {
  status:
    | 'created'
    | 'rate_limited'
    | 'invalid'
    | 'conflict'
    | 'idempotency_mismatch'
    | 'busy'
    | 'address_cap'
    | 'contact_cap'
    | 'no_show_call'
    | 'challenge_invalid'
    | 'challenge_expired'
    | 'challenge_too_easy'
    | 'challenge_used';
  /** The refused field: the choice, or (a backstop of the function's own checks) a contact field. */
  field?: keyof BookingRequestFields;
  /** Why the field was refused, when its message says more than the field's: a link in the name. */
  reason?: 'link';
  reference?: string;
  service?: { id: string; name: string };
  dropOff?: string;
  readyAt?: string;
  /** The total in kroner, inkl. moms, as the e-mails state it. */
  price?: number;
  /** The job as booked (public.booking_job_summary): what the total is made of. */
  job?: BookingJob;
  replayed?: boolean;
}

/** public.get_available_slots */
export interface SlotsAnswer {
  slots?: string[];
  readyAt?: Record<string, string>;
  error?: 'unknown_service';
}

/**
 * A link a newer e-mail replaced: moved (the booking was moved since) or replaced (another reason);
 * such an answer carries no booking.
 */
export type ReplacedLink = 'moved' | 'replaced';

/** public.booking_cancel_info and public.cancel_booking */
export interface CancelAnswer {
  state: 'active' | 'cancelled' | 'too_late' | 'not_found' | ReplacedLink;
  cancelledNow?: boolean;
  booking?: Record<string, unknown>;
}

/** public.booking_move_info */
export interface MoveInfo {
  state: 'active' | 'cancelled' | 'too_late' | 'move_limit' | 'not_found' | ReplacedLink;
  booking?: { serviceId: string } & Record<string, unknown>;
}

/** public.reschedule_booking */
export interface MoveAnswer {
  status:
    | 'moved'
    | 'not_found'
    | 'link_moved'
    | 'link_replaced'
    | 'cancelled'
    | 'too_late'
    | 'move_limit'
    | 'unchanged'
    | 'conflict'
    | 'invalid';
  field?: string;
  reference?: string;
  service?: { id: string; name: string };
  dropOff?: string;
  readyAt?: string;
  previousDropOff?: string;
  previousReadyAt?: string;
  movesLeft?: number;
  /** As create_booking answers them (booking_result): a move keeps the job and its price. */
  price?: number;
  job?: BookingJob;
}

/** public.booking_calendar (the move page's, public.booking_move_calendar) */
export interface MoveCalendar {
  today: string;
  first: string;
  last: string;
  days: { day: string; status: string; time?: string; holiday?: string }[];
}

export interface SqlAnswers {
  create_booking: CreateAnswer;
  create_booking_with_challenge: CreateAnswer;
  get_available_slots: SlotsAnswer;
  booking_cancel_info: CancelAnswer;
  cancel_booking: CancelAnswer;
  booking_move_info: MoveInfo;
  reschedule_booking: MoveAnswer;
  /** null: the link finds no booking that may be moved now */
  booking_move_calendar: MoveCalendar | null;
  booking_move_slots: SlotsAnswer | null;
  owner_calendar_bookings: FeedBooking[];
  email_claim: ClaimAnswer;
}

/** The names above as a value, for the test that each is a SQL function answering in jsonb. */
export const SQL_ANSWER_FUNCTIONS = Object.keys({
  create_booking: true,
  create_booking_with_challenge: true,
  get_available_slots: true,
  booking_cancel_info: true,
  cancel_booking: true,
  booking_move_info: true,
  reschedule_booking: true,
  booking_move_calendar: true,
  booking_move_slots: true,
  owner_calendar_bookings: true,
  email_claim: true,
} satisfies Record<keyof SqlAnswers, true>);
