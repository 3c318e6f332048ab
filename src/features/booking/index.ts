export { BookingForm } from './deferred-booking-form';
