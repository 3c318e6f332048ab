export { CancelBookingPanel } from './components/cancel-booking-panel';
