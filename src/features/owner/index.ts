// The owner's tool (/ejer), loaded with import() by that page only (src/pages/owner/).
export { OwnerApp } from './components/owner-app';
export type { OwnerService, OwnerSlotPickerProps, OwnerTools } from './components/owner-tools';
