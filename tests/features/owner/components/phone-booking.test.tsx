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
import { catalogueOf } from '~/features/owner/rules/job';
import { CATALOGUE_ROWS, LAEDERCREME, MOTORVASK } from '../fixtures/catalogue';
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
  jobCatalogue: vi.fn(),
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
 * no time, as the real one does, and on a press asks its source for the day's times (as the real
 * one does before it offers them) and picks Tuesday 1 December at 13:00.
 */
function FixedPicker({ serviceId, source, onChange }: OwnerSlotPickerProps) {
  useEffect(() => {
    onChange(null);
  }, [onChange]);
  return (
    <button
      type="button"
      onClick={() => {
        void source.slots(serviceId, '2026-12-01');
        onChange({ date: '2026-12-01', time: '13:00' });
      }}
    >
      {`Vælg 13:00 (${source.key} ${serviceId})`}
    </button>
  );
}

function renderOwner() {
  const user = userEvent.setup();
  render(
    <>
      <OwnerApp
        services={[
          { id: SERVICE, name: 'Guldpakken' },
          { id: 'a1a1a1a1-0000-4000-8000-000000000001', name: 'Sølvpakken' },
        ]}
        SlotPicker={FixedPicker}
      />
      <Toaster />
    </>,
  );
  return { user };
}

const pickTime = (form: ReturnType<typeof within>, user: ReturnType<typeof userEvent.setup>) =>
  user.click(form.getByRole('button', { name: /^Vælg 13:00/ }));

async function fillBooking(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Ny telefonbooking' }));
  const dialog = await screen.findByRole('dialog', { name: 'Ny telefonbooking' });
  const form = within(dialog);
  await user.selectOptions(form.getByLabelText('Pakke'), 'Guldpakken');
  await pickTime(form, user);
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
  mocked.jobCatalogue.mockResolvedValue(catalogueOf(CATALOGUE_ROWS));
  mocked.ownerSlots.mockResolvedValue({ slots: ['13:00'], readyAt: {} });
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
      // the ordinary car, no add-ons
      carSize: '',
      addonIds: [],
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

describe('the job of a phone booking', () => {
  it("offers the package's sizes and add-ons with their prices, shows the whole job, and books it", async () => {
    const { user } = renderOwner();
    await user.click(await screen.findByRole('button', { name: 'Ny telefonbooking' }));
    const form = within(await screen.findByRole('dialog', { name: 'Ny telefonbooking' }));
    await user.selectOptions(form.getByLabelText('Pakke'), 'Guldpakken');
    // the ordinary car first; no van price for Guldpakken, so no van
    const size = await form.findByLabelText('Bilens størrelse');
    expect(size).toHaveValue('almindelig');
    expect(
      within(size)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual([
      'Almindelig personbil – 399 kr.',
      'Stor bil (SUV, stationcar, 7-personers) – 499 kr.',
    ]);
    expect(form.getByText('Mini-, små og mellemstore biler: hatchback og sedan.')).toBeVisible();
    const addons = within(form.getByRole('group', { name: 'Tilvalg (valgfrit)' }));
    expect(addons.getAllByRole('checkbox').map((c) => c.parentElement!.textContent)).toEqual([
      'Motorvask (+299 kr., 30 min)',
      'Lædercreme (+349 kr., 45 min)',
    ]);
    expect(form.getByTestId('owner-job-total')).toHaveTextContent(
      'I alt 399 kr. inkl. moms · 2 timer',
    );

    await user.selectOptions(size, 'stor-bil');
    await user.click(addons.getByRole('checkbox', { name: /Motorvask/ }));
    expect(form.getByTestId('owner-job-total')).toHaveTextContent(
      'I alt 798 kr. inkl. moms · 3 timer',
    );
    // the days and times are the job's: the picker asks for the size and add-ons
    await pickTime(form, user);
    expect(mocked.ownerSlots).toHaveBeenLastCalledWith(SERVICE, '2026-12-01', {
      carSize: 'stor-bil',
      addonIds: [MOTORVASK],
    });
    expect(form.getByRole('button', { name: /^Vælg 13:00 \(owner:stor-bil\|/ })).toBeVisible();

    await user.type(form.getByLabelText('Kundens navn'), 'Dorte Dahl');
    await user.type(form.getByLabelText('Telefon', { exact: true }), '20 11 22 33');
    mocked.phoneBooking.mockResolvedValueOnce({ created: true, car: day.cars[0]! });
    await user.click(form.getByRole('button', { name: 'Book tiden' }));
    await waitFor(() => expect(mocked.phoneBooking).toHaveBeenCalledTimes(1));
    expect(mocked.phoneBooking.mock.calls[0]![0]).toMatchObject({
      serviceId: SERVICE,
      carSize: 'stor-bil',
      addonIds: [MOTORVASK],
    });
  });

  it('a new choice is a new job: the time is chosen again; another package keeps what it offers', async () => {
    const { user } = renderOwner();
    await user.click(await screen.findByRole('button', { name: 'Ny telefonbooking' }));
    const form = within(await screen.findByRole('dialog', { name: 'Ny telefonbooking' }));
    await user.selectOptions(form.getByLabelText('Pakke'), 'Guldpakken');
    await user.selectOptions(await form.findByLabelText('Bilens størrelse'), 'stor-bil');
    await user.click(form.getByRole('checkbox', { name: /Motorvask/ }));
    await user.click(form.getByRole('checkbox', { name: /Lædercreme/ }));
    await pickTime(form, user);
    await user.type(form.getByLabelText('Kundens navn'), 'Dorte Dahl');
    await user.type(form.getByLabelText('Telefon', { exact: true }), '20 11 22 33');
    expect(form.getByRole('button', { name: 'Book tiden' })).toBeEnabled();
    // another add-on: another job, so the chosen time is gone
    await user.click(form.getByRole('checkbox', { name: /Lædercreme/ }));
    expect(form.getByRole('button', { name: 'Book tiden' })).toBeDisabled();
    await user.click(form.getByRole('checkbox', { name: /Lædercreme/ }));

    // Sølvpakken is priced for a big car and fits Motorvask, not Lædercreme
    await user.selectOptions(form.getByLabelText('Pakke'), 'Sølvpakken');
    expect(form.getByLabelText('Bilens størrelse')).toHaveValue('stor-bil');
    expect(form.getByRole('checkbox', { name: /Motorvask/ })).toBeChecked();
    expect(form.queryByRole('checkbox', { name: /Lædercreme/ })).toBeNull();
    expect(form.getByTestId('owner-job-total')).toHaveTextContent(
      'I alt 548 kr. inkl. moms · 75 min',
    );
    await pickTime(form, user);
    mocked.phoneBooking.mockResolvedValueOnce({ created: true, car: day.cars[0]! });
    await user.click(form.getByRole('button', { name: 'Book tiden' }));
    await waitFor(() => expect(mocked.phoneBooking).toHaveBeenCalledTimes(1));
    expect(mocked.phoneBooking.mock.calls[0]![0]).toMatchObject({
      carSize: 'stor-bil',
      addonIds: [MOTORVASK],
    });
    expect(mocked.phoneBooking.mock.calls[0]![0].addonIds).not.toContain(LAEDERCREME);
  });

  it('without the sizes and add-ons (not loaded), books the ordinary car and says so', async () => {
    mocked.jobCatalogue.mockRejectedValue(
      new OwnerError('offline', 'Ingen forbindelse. Prøv igen, når telefonen har net.'),
    );
    const { user } = renderOwner();
    const form = await fillBooking(user);
    expect(await form.findByText(/Størrelser og tilvalg kunne ikke hentes/)).toBeVisible();
    expect(form.queryByLabelText('Bilens størrelse')).toBeNull();
    mocked.phoneBooking.mockResolvedValueOnce({ created: true, car: day.cars[0]! });
    await user.click(form.getByRole('button', { name: 'Book tiden' }));
    await waitFor(() => expect(mocked.phoneBooking).toHaveBeenCalledTimes(1));
    expect(mocked.phoneBooking.mock.calls[0]![0]).toMatchObject({ carSize: '', addonIds: [] });
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
    // the booking's own job and time: the move asks by the booking
    const pick = () =>
      user.click(
        dialog.getByRole('button', {
          name: `Vælg 13:00 (owner:move:${bent.id} ${bent.serviceId})`,
        }),
      );
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
    expect(mocked.ownerSlots).toHaveBeenLastCalledWith(bent.serviceId, '2026-12-01', {
      booking: bent.id,
    });
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
