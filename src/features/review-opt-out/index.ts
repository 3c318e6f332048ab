export { ReviewOptOutPanel } from './components/review-opt-out-panel';
