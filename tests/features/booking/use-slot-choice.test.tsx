import { act, renderHook, waitFor } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { BookingQueryProvider } from '~/features/booking/components/booking-query-provider';
import { useSlotChoice } from '~/features/booking/components/use-slot-choice';
import { API, calls, resetCalls, server, serviceByName } from './support/backend';

const GULD = serviceByName('Guldpakken').id;
const POLISH = serviceByName('Guldpakken polering').id;

vi.setConfig({ testTimeout: 15_000 });

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => resetCalls());
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function wrapper({ children }: { children: ReactNode }) {
  return <BookingQueryProvider>{children}</BookingQueryProvider>;
}

function renderSlotChoice(serviceId: string | null = GULD) {
  return renderHook(({ id }) => useSlotChoice(id), { wrapper, initialProps: { id: serviceId } });
}

/** Picks a day and waits for its free times. */
async function pickDay(result: { current: ReturnType<typeof useSlotChoice> }, day: string) {
  act(() => result.current.pickDate(day));
  await waitFor(() => expect(result.current.slots).toEqual(['09:00', '09:30', '10:00']));
}

describe('useSlotChoice: pick a date, then a time', () => {
  it('asks for no times before a day, and for the calendar only with a package', async () => {
    const { result, rerender } = renderSlotChoice(null);
    expect(result.current.date).toBeNull();
    expect(result.current.slots).toEqual([]);
    expect(result.current.loadingSlots).toBe(false);
    expect(result.current.time).toBeNull();
    expect(calls.calendar).toHaveLength(0);

    rerender({ id: GULD });
    await waitFor(() => expect(result.current.calendar.data?.first).toBe('2026-11-24'));
    expect(calls.calendar[0]?.body).toEqual({ p_service_id: GULD });
    expect(calls.slots).toHaveLength(0);
  });

  it("loads the picked day's free times and ready times, loading while they come", async () => {
    const { result } = renderSlotChoice();
    act(() => result.current.pickDate('2026-11-25'));
    expect(result.current.date).toBe('2026-11-25');
    expect(result.current.loadingSlots).toBe(true);
    await waitFor(() => expect(result.current.loadingSlots).toBe(false));
    expect(result.current.slots).toEqual(['09:00', '09:30', '10:00']);
    expect(result.current.readyAt['10:00']).toBe('2026-11-25T12:00:00+01:00');
    expect(calls.slots.map((c) => c.body)).toEqual([{ date: '2026-11-25', serviceId: GULD }]);
  });

  it('keeps a time only while it is one of the free times of the chosen day', async () => {
    const { result } = renderSlotChoice();
    await pickDay(result, '2026-11-25');
    act(() => result.current.pickTime('09:30'));
    expect(result.current.time).toBe('09:30');
    act(() => result.current.pickTime('13:00'));
    expect(result.current.time).toBeNull();
  });

  it('forgets the time when another day is picked, and hides it while times load', async () => {
    const { result } = renderSlotChoice();
    await pickDay(result, '2026-11-25');
    act(() => result.current.pickTime('09:00'));
    act(() => result.current.pickDate('2026-11-26'));
    expect(result.current.time).toBeNull();
    expect(result.current.loadingSlots).toBe(true);
    await waitFor(() => expect(result.current.loadingSlots).toBe(false));
    // the old choice does not come back with the new day's list
    expect(result.current.time).toBeNull();
  });

  it('clearTime keeps the day; clear forgets day and time', async () => {
    const { result } = renderSlotChoice();
    await pickDay(result, '2026-11-25');
    act(() => result.current.pickTime('10:00'));
    act(() => result.current.clearTime());
    expect(result.current.date).toBe('2026-11-25');
    expect(result.current.time).toBeNull();

    act(() => result.current.pickTime('10:00'));
    act(() => result.current.clear());
    expect(result.current.date).toBeNull();
    expect(result.current.time).toBeNull();
    expect(result.current.slots).toEqual([]);
  });

  it("chooses a day's only free time by itself, and says so", async () => {
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, () =>
        HttpResponse.json({ slots: ['09:00'], readyAt: {} }),
      ),
    );
    const { result } = renderSlotChoice(POLISH);
    act(() => result.current.pickDate('2026-11-25'));
    // not while the day's times load
    expect(result.current.time).toBeNull();
    expect(result.current.onlyTime).toBe(false);
    await waitFor(() => expect(result.current.time).toBe('09:00'));
    expect(result.current.onlyTime).toBe(true);
    // chosen again by the visitor, it is his own
    act(() => result.current.pickTime('09:00'));
    expect(result.current.time).toBe('09:00');
    expect(result.current.onlyTime).toBe(false);
  });

  it('chooses nothing on a day with several free times', async () => {
    const { result } = renderSlotChoice();
    await pickDay(result, '2026-11-25');
    expect(result.current.time).toBeNull();
    expect(result.current.onlyTime).toBe(false);
  });

  it("does not put the only time left in place of the visitor's own", async () => {
    let slots = ['09:00', '09:30', '10:00'];
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, () =>
        HttpResponse.json({ slots, readyAt: {} }),
      ),
    );
    const { result, rerender } = renderSlotChoice();
    await pickDay(result, '2026-11-25');
    act(() => result.current.pickTime('10:00'));
    // his time went (taken, or the job grew): the one time left is his to take
    slots = ['09:00'];
    rerender({ id: POLISH });
    await waitFor(() => expect(result.current.slots).toEqual(['09:00']));
    expect(result.current.time).toBeNull();
    expect(result.current.onlyTime).toBe(false);
    act(() => result.current.clearTime());
    expect(result.current.time).toBeNull();
    // a new day starts afresh
    act(() => result.current.pickDate('2026-11-26'));
    await waitFor(() => expect(result.current.time).toBe('09:00'));
  });

  it('offers no times when they cannot be loaded', async () => {
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, async () => {
        await delay(10);
        return HttpResponse.json({ error: 'Der opstod en fejl.' }, { status: 500 });
      }),
    );
    const { result } = renderSlotChoice();
    act(() => result.current.pickDate('2026-11-25'));
    await waitFor(() => expect(result.current.loadingSlots).toBe(false));
    expect(result.current.slots).toEqual([]);
    act(() => result.current.pickTime('09:00'));
    expect(result.current.time).toBeNull();
  });

  it('asks for the times of the package it is given', async () => {
    const { result, rerender } = renderSlotChoice();
    await pickDay(result, '2026-11-25');
    rerender({ id: POLISH });
    await waitFor(() => expect(calls.slots).toHaveLength(2));
    expect(calls.slots[1]?.body).toEqual({ date: '2026-11-25', serviceId: POLISH });
  });

  it('hands out the same callbacks on every render (the memoised fields rely on it)', async () => {
    const { result } = renderSlotChoice();
    const first = result.current;
    await pickDay(result, '2026-11-25');
    act(() => result.current.pickTime('09:00'));
    for (const name of ['pickDate', 'pickTime', 'clearTime', 'clear'] as const) {
      expect(result.current[name], name).toBe(first[name]);
    }
  });
});
