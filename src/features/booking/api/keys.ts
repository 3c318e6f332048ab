/** Query keys of the booking form, from one place. */
export const bookingKeys = {
  all: ['booking'] as const,
  services: () => [...bookingKeys.all, 'services'] as const,
  calendarAll: () => [...bookingKeys.all, 'calendar'] as const,
  /** `job`: the size and add-ons (jobKey), '' for the package alone. */
  calendar: (serviceId: string, job = '') =>
    [...bookingKeys.calendarAll(), serviceId, job] as const,
  slotsAll: () => [...bookingKeys.all, 'slots'] as const,
  slots: (serviceId: string, date: string, job = '') =>
    [...bookingKeys.slotsAll(), serviceId, date, job] as const,
};
