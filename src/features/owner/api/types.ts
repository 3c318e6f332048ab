/**
 * The owner RPCs' answers (the issue's shared contract; supabase/schemas holds the functions): the
 * shapes the page reads. ISO instants carry the Copenhagen offset ('2026-12-01T09:00:00+01:00').
 */
export type CarStatus = 'confirmed' | 'arrived' | 'ready' | 'collected' | 'no_show' | 'cancelled';

/** What happens to the car on the day shown. */
export type CarRole =
  'aflevering' | 'arbejde' | 'venter' | 'klar til afhentning' | 'aflevering og afhentning';

export interface CarMessage {
  kind: string;
  channel: 'email' | 'sms';
  status: 'pending' | 'sent' | 'failed' | 'cancelled';
  due: string | null;
  sentAt: string | null;
}

/** A change the owner made that is still inside the undo window (owner_message_at). */
export interface Undo {
  /** The status before the change: undo sets it back. */
  status: CarStatus;
  /** ISO instant: the customer hears of the change after this, unless it is undone. */
  until: string;
}

/** An add-on of a booked job, with its price and minutes then. */
export interface BookedAddon {
  id: string;
  name: string;
  price: number;
  minutes: number;
}

export interface Car {
  id: string;
  reference: string;
  role: CarRole;
  /** The time that matters on the day (drop-off or pick-up), or null (a day in the middle). */
  at: string | null;
  dropOff: string;
  ready: string;
  package: string;
  serviceId: string;
  /** The job as booked (bookings.job): the size's code and name, the add-ons, the whole price. */
  carSize: string;
  carSizeName: string | null;
  addons: BookedAddon[];
  /** Kroner, inkl. moms: the package for the size plus the add-ons. */
  price: number;
  customerName: string;
  /** E.164 */
  phone: string;
  phoneDisplay: string;
  email: string | null;
  carPlate: string | null;
  notes: string | null;
  status: CarStatus;
  /** The status in Danish, as the database writes it. */
  statusText: string;
  noShows: number;
  source: 'online' | 'owner';
  /** The statuses one tap may set now (forward only). */
  next: CarStatus[];
  undo: Undo | null;
  messages: CarMessage[];
}

/** One on a day's waiting list (owner_day_waitlist). */
export interface WaitlistEntry {
  email: string;
  /** Grouped for reading ('+45 20 11 22 33'); null when he wants the e-mail only. */
  phone: string | null;
}

export interface OwnerDay {
  /** yyyy-MM-dd */
  day: string;
  /** 'tirsdag 1. december' */
  dayText: string;
  /** The server's now (ISO): today and tomorrow are the server's, not the phone's clock. */
  now: string;
  hours: { opens: string; closes: string } | null;
  /** Who is on the day's waiting list, not yet told of a free time (phone: also by SMS). */
  waitlist?: WaitlistEntry[];
  cars: Car[];
}

export interface OwnerMe {
  email: string;
  name: string;
}

export interface StatusAnswer {
  changed: boolean;
  car: Car;
  undo: Undo | null;
  /** Whether the change messages the customer (after the undo window). */
  notifies: boolean;
}

/** The booking window of one job from today (owner_calendar): get_booking_calendar's shape. */
export interface OwnerCalendar {
  today: string;
  first: string;
  last: string;
  days: {
    day: string;
    status: 'bookable' | 'full' | 'closed_weekday' | 'holiday' | 'closed_date' | 'outside_window';
    time?: string;
    holiday?: string;
  }[];
}

export interface OwnerSlots {
  slots: string[];
  readyAt: Record<string, string>;
}

export interface NoShows {
  noShows: number;
  warning: string | null;
}

export interface PhoneBookingInput {
  requestId: string;
  serviceId: string;
  date: string;
  time: string;
  customerName: string;
  customerPhone: string;
  customerEmail: string;
  carPlate: string;
  notes: string;
  /** The car size's code ('': the ordinary car) and the add-ons chosen (~/lib/job's JobChoice). */
  carSize: string;
  addonIds: readonly string[];
}
