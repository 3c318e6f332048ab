// The phone booking, the move and the cancel on /ejer. The phone booking: the no-show warning as the phone is typed, one request id per opened
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

/**
 * Stands in for the booking feature's picker (the page gives the tool the real one): starts with
 * no time, as the real one does, and picks Tuesday 1 December at 13:00 on a press.
 */
function FixedPicker({ serviceId, source, onChange }: OwnerSlotPickerProps) {
  useEffect(() => {
    onChange(null);
  }, [onChange]);
  return (
    <button type="button" onClick={() => onChange({ date: '2026-12-01', time: '13:00' })}>
      {`Vælg 13:00 (${source.key} ${serviceId})`}
    </button>
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
  await user.click(form.getByRole('button', { name: `Vælg 13:00 (owner ${SERVICE})` }));
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

describe('move and cancel', () => {
  const bent = day.cars.find((c) => c.reference === 'K7M2QX9D')!;
  const card = async () =>
    within(
      (await screen.findAllByTestId('owner-car')).find((c) =>
        c.textContent?.includes('CD 34 567'),
      )!,
    );

  it('moves a booking to the picked time; a refusal keeps the dialog with the database message', async () => {
    const { user } = renderOwner();
    await user.click((await card()).getByRole('button', { name: 'Flyt' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Flyt CD 34 567' }));
    const pick = () =>
      user.click(dialog.getByRole('button', { name: `Vælg 13:00 (owner ${bent.serviceId})` }));
    expect(dialog.getByRole('button', { name: 'Flyt bookingen' })).toBeDisabled();
    await pick();

    mocked.moveBooking.mockRejectedValueOnce(
      new OwnerError('refused', 'Tiden er optaget: Guldpakken 1. december kl. 13:00.', {
        status: 400,
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Flyt bookingen' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('Tiden er optaget');
    // a fresh picker (fresh days and times): the time is chosen again, the message stays till then
    expect(dialog.getByRole('button', { name: 'Flyt bookingen' })).toBeDisabled();
    await pick();
    expect(dialog.queryByRole('alert')).toBeNull();

    mocked.moveBooking.mockResolvedValueOnce({ moved: true, car: bent });
    await user.click(dialog.getByRole('button', { name: 'Flyt bookingen' }));
    expect(
      await screen.findByText('CD 34 567 er flyttet til tirsdag den 1. december 2026 kl. 13:00'),
    ).toBeInTheDocument();
    expect(mocked.moveBooking).toHaveBeenLastCalledWith(bent.id, '2026-12-01', '13:00');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('cancels a booking only after "Ja, aflys bookingen"', async () => {
    const { user } = renderOwner();
    await user.click((await card()).getByRole('button', { name: 'Aflys' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Aflys CD 34 567?' }));
    expect(mocked.cancelBooking).not.toHaveBeenCalled();
    mocked.cancelBooking.mockResolvedValueOnce({
      cancelled: true,
      car: { ...bent, status: 'cancelled', statusText: 'aflyst', next: [] },
    });
    await user.click(dialog.getByRole('button', { name: 'Ja, aflys bookingen' }));
    expect(await screen.findByText('CD 34 567 er aflyst')).toBeInTheDocument();
    expect(mocked.cancelBooking).toHaveBeenCalledExactlyOnceWith(bent.id);
  });
});
