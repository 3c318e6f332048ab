import { describe, expect, it } from 'vitest';
import { bookingSummary } from '~/features/booking/rules/summary';

const wash = { name: 'Guldpakken', duration_minutes: 120, price: 399 };
const polish = { name: 'Premiumpakken polering', duration_minutes: 1080, price: 3600 };

describe('booking summary', () => {
  it('shows service, Danish date, time, duration and price in DKK', () => {
    expect(bookingSummary({ service: wash, date: '2026-12-01', time: '09:00' })).toEqual({
      service: 'Guldpakken',
      date: 'tirsdag den 1. december 2026',
      time: 'kl. 09:00',
      duration: '2 timer',
      price: '399 kr.',
      readyAt: null,
      job: [['Service', ['Guldpakken']]],
      total: ['Pris', ['399 kr. inkl. moms']],
    });
  });

  it('shows a duration below 90 minutes in minutes', () => {
    const summary = bookingSummary({
      service: { name: 'Sølvpakken', duration_minutes: 30, price: 199 },
      date: '2026-12-01',
      time: '09:00',
    });
    expect(summary.duration).toBe('30 min');
  });

  it('omits the ready time of a job finished the same day', () => {
    const summary = bookingSummary({
      service: wash,
      date: '2026-12-01',
      time: '09:00',
      readyAt: '2026-12-01T11:00:00+01:00',
    });
    expect(summary.readyAt).toBeNull();
  });

  it('shows the ready time of a job that runs past the day', () => {
    const summary = bookingSummary({
      service: polish,
      date: '2026-11-30',
      time: '09:00',
      readyAt: '2026-12-01T16:00:00+01:00',
    });
    expect(summary.price).toBe('3.600 kr.');
    expect(summary.duration).toBe('18 timer');
    expect(summary.readyAt).toBe('tirsdag den 1. december 2026 kl. 16:00');
  });
});
