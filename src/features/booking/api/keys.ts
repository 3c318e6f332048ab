/** Query keys of the booking form, from one place. */
export const bookingKeys = {
  all: ['booking'] as const,
  services: () => [...bookingKeys.all, 'services'] as const,
  calendarAll: () => [...bookingKeys.all, 'calendar'] as const,
  calendar: (serviceId: string) => [...bookingKeys.calendarAll(), serviceId] as const,
  slotsAll: () => [...bookingKeys.all, 'slots'] as const,
  slots: (serviceId: string, date: string) => [...bookingKeys.slotsAll(), serviceId, date] as const,
};
