import { createContext, useContext, type ComponentType } from 'react';
import * as api from '../api/owner-api';
import { jobKey, type JobChoice } from '~/lib/job';
import type { OwnerCalendar, OwnerSlots } from '../api/types';

/** A package the owner can book (the site's active packages). */
export interface OwnerService {
  id: string;
  name: string;
}

/** Where the picker's days and times come from: the owner's RPCs (today included). */
export interface OwnerSlotSource {
  /** Names the job in the picker's query keys: another job, other days and times. */
  key: string;
  calendar: (serviceId: string) => Promise<OwnerCalendar>;
  slots: (serviceId: string, date: string) => Promise<OwnerSlots>;
}

/** The days and times of a phone booking's job: the package with a car size and add-ons. */
export function ownerJobSource(job: JobChoice): OwnerSlotSource {
  return {
    key: `owner:${jobKey(job)}`,
    calendar: (serviceId) => api.ownerCalendar(serviceId, job),
    slots: (serviceId, date) => api.ownerSlots(serviceId, date, job),
  };
}

/** The days and times of moving a booking: its own job as booked, its own time free. */
export function ownerMoveSource(booking: string): OwnerSlotSource {
  return {
    key: `owner:move:${booking}`,
    calendar: (serviceId) => api.ownerCalendar(serviceId, { booking }),
    slots: (serviceId, date) => api.ownerSlots(serviceId, date, { booking }),
  };
}

/** The site's own date and time picker, given by the page (a feature does not import another). */
export interface OwnerSlotPickerProps {
  serviceId: string;
  source: OwnerSlotSource;
  onChange: (choice: { date: string; time: string } | null) => void;
  disabled?: boolean;
}

export interface OwnerTools {
  services: readonly OwnerService[];
  SlotPicker: ComponentType<OwnerSlotPickerProps>;
}

export const OwnerToolsContext = createContext<OwnerTools | null>(null);

export function useOwnerTools(): OwnerTools {
  const tools = useContext(OwnerToolsContext);
  if (!tools) throw new Error('useOwnerTools: render inside <OwnerApp>');
  return tools;
}
