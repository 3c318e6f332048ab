// The phone booking on /ejer: the no-show warning as the phone is typed, one request id per opened
// dialog (a second tap, or a retry after a lost answer, books once), the day updated with the new
// car. The RPCs are replaced at the boundary of our own API client, and the page's date and time
// picker (the booking feature's, given by the page) by one that picks a fixed time.
import '../../booking/support/dom';
import { configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '~/features/owner/api/owner-api';
import { OwnerError } from '~/features/owner/api/errors';
import type { OwnerDay } from '~/features/owner/api/types';
import { OwnerApp, type OwnerSlotPickerProps } from '~/features/owner';
import fixture from '../fixtures/day.json';

vi.mock('~/features/owner/api/owner-api', () => ({
  currentSession: vi.fn(),
  onSessionChange: vi.fn(() => () => {}),
  requestCode: vi.fn(),
  verifyCode: vi.fn(),
  signOut: vi.fn(),
  ownerMe: vi.fn(),
  ownerDay: vi.fn(),
  setStatus: vi.fn(),
  ownerCalendar: vi.fn(),
  ownerSlots: vi.fn(),
  customerNoShows: vi.fn(),
  phoneBooking: vi.fn(),
  moveBooking: vi.fn(),
  cancelBooking: vi.fn(),
}));

const mocked = vi.mocked(api);
configure({ asyncUtilTimeout: 5_000 });

// Tuesday 1 December 2026, 10:00 in Copenhagen (fixed, never today's)
const NOW = new Date('2026-12-01T09:00:00Z');
const day = fixture as OwnerDay;
const SERVICE = 'a1a1a1a1-0000-4000-8000-000000000002';

/** Picks Tuesday 1 December at 13:00 at once, as the owner would in the real picker. */
function FixedPicker({ serviceId, source, onChange }: OwnerSlotPickerProps) {
  useEffect(() => {
    onChange({ date: '2026-12-01', time: '13:00' });
  }, [onChange]);
  return (
    <p>
      {source.key} {serviceId}
    </p>
  );
}

function renderOwner() {
  const user = userEvent.setup();
  render(
    <>
      <OwnerApp services={[{ id: SERVICE, name: 'Guldpakken' }]} SlotPicker={FixedPicker} />
      <Toaster />
    </>,
  );
  return { user };
}

async function fillBooking(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Ny telefonbooking' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ny telefonbooking' });
  const form = within(dialog);
  await user.selectOptions(form.getByLabelText('Pakke'), 'Guldpakken');
  expect(form.getByText(`owner ${SERVICE}`)).toBeInTheDocument();
  await user.type(form.getByLabelText('Kundens navn'), 'Dorte Dahl');
  await user.type(form.getByLabelText('Telefon', { exact: true }), '20 11 22 33');
  return form;
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
  mocked.currentSession.mockResolvedValue({ email: 'ejer@glanspunkt.local' });
  mocked.ownerMe.mockResolvedValue({ email: 'ejer@glanspunkt.local', name: 'Ejeren' });
  mocked.ownerDay.mockResolvedValue(day);
  mocked.customerNoShows.mockResolvedValue({
    noShows: 2,
    warning: 'Kunden er udeblevet 2 gange de seneste 12 måneder.',
  });
});
afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('a phone booking', () => {
  it('warns of earlier no-shows as the phone is typed', async () => {
    const { user } = renderOwner();
    const form = await fillBooking(user);
    expect(
      await form.findByText('Kunden er udeblevet 2 gange de seneste 12 måneder.'),
    ).toBeInTheDocument();
    expect(mocked.customerNoShows).toHaveBeenLastCalledWith('20 11 22 33', '');
  });

  it('books once with one request id, also when the first answer was lost and it is sent again', async () => {
    const { user } = renderOwner();
    const form = await fillBooking(user);
    mocked.phoneBooking.mockRejectedValueOnce(
      new OwnerError('offline', 'Ingen forbindelse. Prøv igen, når telefonen har net.'),
    );
    await user.click(form.getByRole('button', { name: 'Book tiden' }));
    expect(await form.findByRole('alert')).toHaveTextContent('Ingen forbindelse');

    const car = { ...day.cars[0]!, id: 'new', reference: 'N3W8BK2P', carPlate: null };
    mocked.phoneBooking.mockResolvedValueOnce({ created: false, car });
    await user.click(form.getByRole('button', { name: 'Book tiden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Bookingen N3W8BK2P var allerede lavet')).toBeInTheDocument();

    const [first, second] = mocked.phoneBooking.mock.calls.map(([input]) => input);
    expect(first).toEqual({
      requestId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      serviceId: SERVICE,
      date: '2026-12-01',
      time: '13:00',
      customerName: 'Dorte Dahl',
      customerPhone: '20 11 22 33',
      customerEmail: '',
      carPlate: '',
      notes: '',
    });
    expect(second!.requestId).toBe(first!.requestId);
  });

  it('a new dialog is a new booking: another request id', async () => {
    const { user } = renderOwner();
    const car = { ...day.cars[0]!, id: 'new', reference: 'N3W8BK2P' };
    mocked.phoneBooking.mockResolvedValue({ created: true, car });
    let form = await fillBooking(user);
    await user.click(form.getByRole('button', { name: 'Book tiden' }));
    expect(
      await screen.findByText(/^Booket: N3W8BK2P, tirsdag den 1\. december 2026 kl\. 13:00$/),
    ).toBeInTheDocument();
    form = await fillBooking(user);
    await user.click(form.getByRole('button', { name: 'Book tiden' }));
    await waitFor(() => expect(mocked.phoneBooking).toHaveBeenCalledTimes(2));
    const [a, b] = mocked.phoneBooking.mock.calls.map(([input]) => input.requestId);
    expect(a).not.toBe(b);
  });
});
