// The booking feature's date and time picker for other pages (/ejer's phone booking and move),
// apart from index.ts so that it is in no chunk the booking form (/contact) loads.
export { SlotPicker, type SlotPickerProps } from './components/slot-picker';
export type { SlotSource, BookingCalendar } from './api/get-booking-calendar';
