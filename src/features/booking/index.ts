export { BookingForm } from './components/booking-form';
