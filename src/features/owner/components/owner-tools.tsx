import { createContext, useContext, type ComponentType } from 'react';
import * as api from '../api/owner-api';
import type { OwnerCalendar, OwnerSlots } from '../api/types';

/** A package the owner can book (the site's active packages). */
export interface OwnerService {
  id: string;
  name: string;
}

/** Where the picker's days and times come from: the owner's RPCs (today included). */
export interface OwnerSlotSource {
  key: string;
  calendar: (serviceId: string) => Promise<OwnerCalendar>;
  slots: (serviceId: string, date: string) => Promise<OwnerSlots>;
}

export const ownerSlotSource: OwnerSlotSource = {
  key: 'owner',
  calendar: (serviceId) => api.ownerCalendar(serviceId),
  slots: (serviceId, date) => api.ownerSlots(serviceId, date),
};

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
