export { BookingForm } from './deferred-booking-form';
export { MessageForm } from './deferred-message-form';
