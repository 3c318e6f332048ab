import { postFunction } from '~/lib/link-call';
import { BookingApiError } from './errors';
import { slotsOf, type AvailableSlots } from './get-available-slots';
import { isCalendar, type BookingCalendar, type SlotSource } from './get-booking-calendar';

/**
 * The move page's calendar and free times (reschedule-booking {token, action: 'calendar' |
 * 'slots'}): the form's, with the booking's own time counted as free, so that a half-hour shift on
 * the same day is offered. A plain fetch, as the lookup.
 */
export function moveSlotSource(token: string): SlotSource {
  return {
    key: 'move',
    calendar: async (): Promise<BookingCalendar> => {
      const { status, body } = await postFunction('reschedule-booking', {
        token,
        action: 'calendar',
      });
      if (status === 200 && isCalendar(body)) return body;
      throw new BookingApiError('calendar', `reschedule-booking calendar: HTTP ${status ?? '-'}`, {
        status,
      });
    },
    slots: async (_serviceId: string, date: string): Promise<AvailableSlots> => {
      const { status, body } = await postFunction('reschedule-booking', {
        token,
        action: 'slots',
        bookingDate: date,
      });
      const answer = status === 200 ? slotsOf(body) : null;
      if (answer) return answer;
      throw new BookingApiError('slots', `reschedule-booking slots: HTTP ${status ?? '-'}`, {
        status,
      });
    },
  };
}
