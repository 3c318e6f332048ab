/**
 * Every backend call of the owner's page, one plain async function each, throwing an OwnerError
 * with a Danish message: Supabase Auth (the e-mail code, the session, sign-out) and the owner RPCs
 * (argument names as the functions declare them: PostgREST passes them by name). The unit tests
 * replace this module; the e2e journey runs it against the real stack.
 */
import type { JobChoice } from '~/lib/job';
import { catalogueOf, type CatalogueRows, type JobCatalogue } from '../rules/job';
import { ownerClients } from './clients';
import { authError, rpcError } from './errors';
import type {
  Car,
  NoShows,
  OwnerCalendar,
  OwnerDay,
  OwnerMe,
  OwnerSlots,
  PhoneBookingInput,
  StatusAnswer,
  CarStatus,
} from './types';

/** The signed-in owner's address, or null when there is no session. */
export async function currentSession(): Promise<{ email: string } | null> {
  const { data, error } = await ownerClients().auth.getSession();
  if (error) throw authError(error);
  const email = data.session?.user?.email;
  return data.session ? { email: email ?? '' } : null;
}

/** Calls `listener` on every sign-in, sign-out and token refresh (of this tab or another). */
export function onSessionChange(listener: (signedIn: boolean) => void): () => void {
  const { data } = ownerClients().auth.onAuthStateChange((_event, session) => {
    // auth-js runs the callback inside its own lock: no call of ours here, only a state change
    listener(session !== null);
  });
  return () => data.subscription.unsubscribe();
}

/** Mails a 6-digit code to an address with a user; never makes a user (sign-ups are off). */
export async function requestCode(email: string): Promise<void> {
  const { error } = await ownerClients().auth.signInWithOtp({
    email,
    options: { shouldCreateUser: false },
  });
  if (error) throw authError(error);
}

/** Signs in with the code from the mail. */
export async function verifyCode(email: string, code: string): Promise<void> {
  const { error } = await ownerClients().auth.verifyOtp({ email, token: code, type: 'email' });
  if (error) throw authError(error);
}

/**
 * Signs this phone out (the owner's other devices stay signed in). auth-js ends the session on the
 * server first and keeps it when that fails for want of a connection: the page then says so, and
 * the owner is still signed in (a 401/403/404 from the server ends it locally all the same).
 */
export async function signOut(): Promise<void> {
  const { error } = await ownerClients().auth.signOut({ scope: 'local' });
  if (error) throw authError(error);
}

async function rpc<T>(name: string, args: Record<string, unknown> = {}): Promise<T> {
  const { data, error, status } = await ownerClients().rest.rpc(name, args);
  if (error) throw rpcError(error, status);
  return data as T;
}

export const ownerMe = () => rpc<OwnerMe>('owner_me');

export const ownerDay = (day: string) => rpc<OwnerDay>('owner_day', { p_day: day });

/** Sets a car's status; `from` is the status the page showed (a second tap changes nothing). */
export const setStatus = (booking: string, status: CarStatus, from: CarStatus) =>
  rpc<StatusAnswer>('owner_set_status', { p_booking: booking, p_status: status, p_from: from });

/** What the days and times are for: a job, or the booking being moved (its own job and time). */
export type SlotsFor = JobChoice | { booking: string };

const slotsArgs = (what: SlotsFor) =>
  'booking' in what
    ? { p_booking: what.booking }
    : { p_car_size: what.carSize, p_addon_ids: [...what.addonIds] };

export const ownerCalendar = (serviceId: string, what: SlotsFor) =>
  rpc<OwnerCalendar>('owner_calendar', { p_service_id: serviceId, ...slotsArgs(what) });

export const ownerSlots = (serviceId: string, day: string, what: SlotsFor) =>
  rpc<OwnerSlots>('owner_available_slots', {
    p_service_id: serviceId,
    p_day: day,
    ...slotsArgs(what),
  });

async function rows<K extends keyof CatalogueRows>(
  table: K,
  columns: string,
): Promise<CatalogueRows[K]> {
  const { data, error, status } = await ownerClients().rest.from(table).select(columns);
  if (error) throw rpcError(error, status);
  return data as unknown as CatalogueRows[K];
}

/**
 * The sizes, size prices and add-ons the owner has priced, and the packages' own prices: the
 * tables the signed-in owner reads (active rows, by RLS), for the phone booking's choices.
 */
export async function jobCatalogue(): Promise<JobCatalogue> {
  const [services, sizes, sizePrices, addons, addonServices] = await Promise.all([
    rows('services', 'id,name,price,duration_minutes'),
    rows('car_sizes', 'code,name,description,sort_order,is_standard'),
    rows('service_size_prices', 'service_id,car_size,price,extra_minutes'),
    rows('addons', 'id,name,description,price,duration_minutes,sort_order'),
    rows('addon_services', 'addon_id,service_id'),
  ]);
  return catalogueOf({
    services,
    car_sizes: sizes,
    service_size_prices: sizePrices,
    addons,
    addon_services: addonServices,
  });
}

export const customerNoShows = (phone: string, email: string) =>
  rpc<NoShows>('owner_customer_no_shows', { p_phone: phone, p_email: email });

export const phoneBooking = (input: PhoneBookingInput) =>
  rpc<{ created: boolean; car: Car }>('owner_phone_booking', {
    p_request_id: input.requestId,
    p_service_id: input.serviceId,
    p_date: input.date,
    p_time: input.time,
    p_customer_name: input.customerName,
    p_customer_phone: input.customerPhone,
    p_customer_email: input.customerEmail,
    p_car_plate: input.carPlate,
    p_notes: input.notes,
    p_car_size: input.carSize,
    p_addon_ids: [...input.addonIds],
  });

export const moveBooking = (booking: string, date: string, time: string) =>
  rpc<{ moved: boolean; car: Car }>('owner_move_booking', {
    p_booking: booking,
    p_date: date,
    p_time: time,
  });

export const cancelBooking = (booking: string) =>
  rpc<{ cancelled: boolean; car: Car }>('owner_cancel_booking', { p_booking: booking });
