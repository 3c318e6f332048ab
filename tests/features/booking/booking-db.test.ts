import { describe, expect, it, vi } from 'vitest';

// supabase-js is loaded on first use; here its load fails once (a dropped connection), then works.
const getSupabase = vi.fn();
vi.mock('~/lib/supabase', () => ({ getSupabase }));

const { bookingDb } = await import('~/features/booking/api/client');
const { BookingApiError } = await import('~/features/booking/api/errors');

describe('bookingDb', () => {
  it('turns a failed load of supabase-js into a BookingApiError of the operation, then retries', async () => {
    getSupabase.mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'));
    const failure = await bookingDb('services').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(BookingApiError);
    expect(failure).toMatchObject({ operation: 'services', status: undefined });

    const client = { from: vi.fn() };
    getSupabase.mockResolvedValueOnce(client);
    await expect(bookingDb('slots')).resolves.toBe(client);
  });
});
