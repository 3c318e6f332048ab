/** Query keys of the booking form, from one place. */
export const bookingKeys = {
  all: ['booking'] as const,
  services: () => [...bookingKeys.all, 'services'] as const,
  window: () => [...bookingKeys.all, 'window'] as const,
  openingRules: () => [...bookingKeys.all, 'opening-rules'] as const,
  slotsAll: () => [...bookingKeys.all, 'slots'] as const,
  slots: (serviceId: string, date: string) => [...bookingKeys.slotsAll(), serviceId, date] as const,
};
