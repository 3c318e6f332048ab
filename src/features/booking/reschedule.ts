// The move page's entry into the booking feature, apart from index.ts so that the page's code is
// in no chunk the booking form (/contact) loads.
export { ReschedulePanel } from './components/reschedule-panel';
