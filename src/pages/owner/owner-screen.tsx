/**
 * The owner's tool as /ejer shows it, loaded with import() by src/pages/owner.tsx: the owner
 * feature, given the booking feature's date and time picker and the site's packages (the page
 * composes the two features; neither imports the other).
 */
import { SlotPicker } from '~/features/booking/slot-picker';
import { OwnerApp, type OwnerService } from '~/features/owner';
import { useOptionalSiteData } from '~/lib/site-data';

const NO_SERVICES: OwnerService[] = [];

export default function OwnerScreen() {
  const services = useOptionalSiteData()?.services ?? NO_SERVICES;
  return <OwnerApp services={services} SlotPicker={SlotPicker} />;
}
