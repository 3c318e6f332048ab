// The owner's tool (/ejer) on a contract-shaped day: the cars and what they show, the tap that
// asks first when the customer is messaged, the toast's "Fortryd" within the answer's window, the
// offline notice over the last loaded day, and sign-in. The RPC and auth calls are replaced at
// the boundary of our own API client (src/features/owner/api/owner-api.ts); the e2e journey runs
// them against the real stack.
import '../../booking/support/dom';
import { focusManager, onlineManager } from '@tanstack/react-query';
import { act, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { toast, Toaster } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '~/features/owner/api/owner-api';
import { OwnerError } from '~/features/owner/api/errors';
import type { Car, OwnerDay, StatusAnswer } from '~/features/owner/api/types';
import { OwnerApp, type OwnerSlotPickerProps } from '~/features/owner';
import { STORED_DAY_PREFIX } from '~/features/owner/rules/stored-day';
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

// Tuesday 1 December 2026, 10:00 in Copenhagen: the fixture's day and now (fixed, never today's)
const NOW = new Date('2026-12-01T09:00:00Z');
const day = fixture as OwnerDay;
const anna = day.cars.find((c) => c.reference === 'P3R8ZT2A')!;

/** The picker the page gives the tool: not used by these tests (the booking feature's own). */
function NoPicker(_props: OwnerSlotPickerProps) {
  return null;
}

function renderOwner() {
  const user = userEvent.setup();
  render(
    <>
      <OwnerApp services={[{ id: anna.serviceId, name: 'Sølvpakken' }]} SlotPicker={NoPicker} />
      <Toaster />
    </>,
  );
  return { user };
}

function answer(car: Car, patch: Partial<Car>, extra: Partial<StatusAnswer> = {}): StatusAnswer {
  return { changed: true, car: { ...car, ...patch }, undo: null, notifies: false, ...extra };
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  sessionStorage.clear();
  mocked.currentSession.mockResolvedValue({ email: 'ejer@glanspunkt.local' });
  mocked.ownerMe.mockResolvedValue({ email: 'ejer@glanspunkt.local', name: 'Ejeren' });
  mocked.ownerDay.mockResolvedValue(day);
});
afterEach(() => {
  toast.dismiss();
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe("the day's cars", () => {
  it('shows each car with its role, times, package, plate, customer, tel: link, e-mail, notes, no-shows and messages, by time', async () => {
    renderOwner();
    const cars = await screen.findAllByTestId('owner-car');
    expect(mocked.ownerDay).toHaveBeenCalledWith('2026-12-01');
    expect(screen.getByText('tirsdag 1. december')).toBeInTheDocument();
    expect(screen.getByText(/Åbent 09:00–17:00 · 3 biler/)).toBeInTheDocument();
    // by the time that matters that day; the car in the middle of its job last
    expect(cars.map((c) => within(c).getByRole('heading', { level: 3 }).textContent)).toEqual([
      '09:00 AB 12 345',
      '11:00 CD 34 567',
      'Uden nummerplade',
    ]);

    const bent = within(cars[1]!);
    expect(bent.getByTestId('owner-car-role')).toHaveTextContent('Aflevering');
    expect(bent.getByText('Bent Hansen')).toBeInTheDocument();
    expect(bent.getByText(/Guldpakken/)).toBeInTheDocument();
    // the job as booked: the size, the add-ons and the whole price
    const job = (label: string) => bent.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(job('Størrelse')).toHaveTextContent('Stor bil (SUV, stationcar, 7-personers)');
    expect(job('Tilvalg')).toHaveTextContent('Motorvask, Ozonbehandling');
    expect(job('Pris')).toHaveTextContent('1.197 kr. inkl. moms');
    expect(bent.getByRole('link', { name: /\+45 20 11 22 33/ })).toHaveAttribute(
      'href',
      'tel:+4520112233',
    );
    expect(bent.getByRole('link', { name: /bent@example\.dk/ })).toHaveAttribute(
      'href',
      'mailto:bent@example.dk',
    );
    expect(bent.getByText('Hund i bilen')).toBeInTheDocument();
    expect(bent.getByText(/Udeblevet 2 gange de seneste 12 måneder/)).toBeInTheDocument();
    expect(bent.getByText('Mail: Bekræftelse – sendt kl. 14:02')).toBeInTheDocument();
    expect(bent.getByText('SMS: Påmindelse – fejlede')).toBeInTheDocument();
    expect(bent.getByRole('button', { name: 'Ankommet' })).toBeEnabled();
    expect(bent.getByRole('button', { name: 'Flyt' })).toBeInTheDocument();
    expect(bent.getByRole('button', { name: 'Aflys' })).toBeInTheDocument();

    // a job over several days: its drop-off and ready times carry their dates
    const carl = within(cars[2]!);
    expect(carl.getByTestId('owner-car-role')).toHaveTextContent('I arbejde');
    expect(carl.getByText('30/11 09:00')).toBeInTheDocument();
    expect(carl.getByText('2/12 12:00')).toBeInTheDocument();
    expect(carl.queryByRole('button', { name: 'Aflys' })).toBeNull();
    // the ordinary car without add-ons: its size and price, no add-on line
    expect(carl.getByText('Almindelig personbil')).toBeInTheDocument();
    expect(carl.queryByText('Tilvalg')).toBeNull();
  });

  it("loads tomorrow from the server's today with one tap", async () => {
    const { user } = renderOwner();
    await screen.findAllByTestId('owner-car');
    mocked.ownerDay.mockResolvedValueOnce({
      ...day,
      day: '2026-12-02',
      dayText: 'onsdag 2. december',
      cars: [],
    });
    await user.click(screen.getByRole('button', { name: 'I morgen' }));
    expect(await screen.findByText('Ingen biler denne dag.')).toBeInTheDocument();
    expect(mocked.ownerDay).toHaveBeenLastCalledWith('2026-12-02');
    expect(screen.getByRole('button', { name: 'I morgen' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('a tap that messages the customer: confirm, then undo within the window', () => {
  it('names the day’s waiting list: how many wait for a free time, and who, with the phone of an SMS', async () => {
    mocked.ownerDay.mockResolvedValue({
      ...day,
      waitlist: [
        { email: 'ole@example.dk', phone: null },
        { email: 'kim@example.dk', phone: '+45 20 11 22 33' },
      ],
    });
    renderOwner();
    const list = await screen.findByTestId('owner-waitlist');
    expect(within(list).getByRole('heading')).toHaveTextContent(
      'Venteliste: 2 venter på en ledig tid denne dag',
    );
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['ole@example.dk', 'kim@example.dk, SMS til +45 20 11 22 33']);
  });

  it('shows no waiting list on a day nobody waits for', async () => {
    renderOwner();
    await screen.findAllByTestId('owner-car');
    expect(screen.queryByTestId('owner-waitlist')).toBeNull();
  });

  it('asks first, changes once, and "Fortryd" sets the status back from the new one', async () => {
    const { user } = renderOwner();
    const card = within((await screen.findAllByTestId('owner-car'))[0]!);
    let finish!: (value: StatusAnswer) => void;
    mocked.setStatus.mockImplementationOnce(
      () => new Promise<StatusAnswer>((resolve) => (finish = resolve)),
    );

    await user.click(card.getByRole('button', { name: 'Klar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Klar: AB 12 345?' });
    expect(dialog).toHaveTextContent('Kunden får besked om, at bilen er klar');
    expect(mocked.setStatus).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Ja, klar' }));
    // while the change runs, nothing can be tapped twice
    expect(within(dialog).getByRole('button', { name: 'Gemmer...' })).toBeDisabled();
    // (the card behind the modal dialog is hidden from the accessibility tree)
    expect(card.getByRole('button', { name: 'Gemmer...', hidden: true })).toBeDisabled();
    expect(mocked.setStatus).toHaveBeenCalledTimes(1);
    expect(mocked.setStatus).toHaveBeenCalledWith(anna.id, 'ready', 'arrived');

    const until = '2026-12-01T10:03:00+01:00';
    await act(async () =>
      finish(
        answer(
          anna,
          {
            status: 'ready',
            statusText: 'klar',
            next: ['collected'],
            undo: { status: 'arrived', until },
          },
          { undo: { status: 'arrived', until }, notifies: true },
        ),
      ),
    );
    expect(await screen.findByText('AB 12 345: klar')).toBeInTheDocument();
    expect(
      screen.getByText('Kunden får besked om, at bilen er klar, om 3 minutter.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    mocked.setStatus.mockResolvedValueOnce(
      answer(anna, { status: 'arrived', statusText: 'ankommet', undo: null }),
    );
    await user.click(screen.getByRole('button', { name: 'Fortryd' }));
    // back from the status the change made, to the one before
    await waitFor(() =>
      expect(mocked.setStatus).toHaveBeenLastCalledWith(anna.id, 'arrived', 'ready'),
    );
    expect(await screen.findByText('AB 12 345: ændringen er fortrudt')).toBeInTheDocument();
    // the change's toast is replaced: no "Fortryd" left, on the toast or on the card
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Fortryd' })).toBeNull());
    expect(mocked.setStatus).toHaveBeenCalledTimes(2);
  });

  it('"Nej, tilbage" changes nothing', async () => {
    const { user } = renderOwner();
    const card = within((await screen.findAllByTestId('owner-car'))[0]!);
    await user.click(card.getByRole('button', { name: 'Klar' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Nej, tilbage' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(mocked.setStatus).not.toHaveBeenCalled();
  });

  it('a change that messages no one is made at once; a conflict (409) says so and loads the day again', async () => {
    const { user } = renderOwner();
    const card = within((await screen.findAllByTestId('owner-car'))[1]!);
    mocked.setStatus.mockRejectedValueOnce(
      new OwnerError(
        'conflict',
        'Bilen er ændret et andet sted i mellemtiden. Dagen er hentet igen – se den nye status.',
        { status: 409 },
      ),
    );
    const loads = mocked.ownerDay.mock.calls.length;
    await user.click(card.getByRole('button', { name: 'Ankommet' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(mocked.setStatus).toHaveBeenCalledWith(day.cars[0]!.id, 'arrived', 'confirmed');
    expect(await screen.findByText(/Bilen er ændret et andet sted/)).toBeInTheDocument();
    await waitFor(() => expect(mocked.ownerDay.mock.calls.length).toBeGreaterThan(loads));
  });
});

describe('without a connection', () => {
  it('keeps the last loaded day on screen, says when it was loaded, and tries again', async () => {
    renderOwner();
    await screen.findAllByTestId('owner-car');
    mocked.ownerDay.mockRejectedValue(
      new OwnerError('offline', 'Ingen forbindelse. Prøv igen, når telefonen har net.'),
    );
    vi.setSystemTime(new Date('2026-12-01T09:05:00Z'));
    // the phone's screen comes back: the day is asked again, and the answer does not come
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByTestId('owner-offline')).toHaveTextContent(
      'Sidst opdateret kl. 10:00 – ingen forbindelse, prøver igen',
    );
    expect(screen.getAllByTestId('owner-car')).toHaveLength(3);

    mocked.ownerDay.mockResolvedValue(day);
    await act(async () => {
      onlineManager.setOnline(false);
      onlineManager.setOnline(true);
    });
    await waitFor(() => expect(screen.queryByTestId('owner-offline')).toBeNull());
  });

  it('after a reload in the same tab, shows the kept day marked as old until it loads', async () => {
    sessionStorage.setItem(
      `${STORED_DAY_PREFIX}2026-12-01`,
      JSON.stringify({ savedAt: Date.parse('2026-12-01T08:40:00Z'), day }),
    );
    mocked.ownerDay.mockRejectedValue(
      new OwnerError('offline', 'Ingen forbindelse. Prøv igen, når telefonen har net.'),
    );
    mocked.ownerMe.mockRejectedValue(new OwnerError('offline', 'x'));
    renderOwner();
    expect(await screen.findByTestId('owner-offline')).toHaveTextContent(
      'Sidst opdateret kl. 09:40 – ingen forbindelse, prøver igen',
    );
    expect(screen.getAllByTestId('owner-car')).toHaveLength(3);
  });

  it('does not show a copy kept by an older page (its cars without their job)', async () => {
    const older = { ...day, cars: day.cars.map(({ addons: _a, ...car }) => car) };
    sessionStorage.setItem(
      `${STORED_DAY_PREFIX}2026-12-01`,
      JSON.stringify({ savedAt: Date.parse('2026-12-01T08:40:00Z'), day: older }),
    );
    mocked.ownerDay.mockReturnValue(new Promise(() => {}));
    renderOwner();
    expect(await screen.findByText('Henter dagens biler...')).toBeInTheDocument();
    expect(screen.queryAllByTestId('owner-car')).toHaveLength(0);
  });
});

describe('an address taken off the owner list while signed in', () => {
  it('sees the day no more at the next load, only why', async () => {
    renderOwner();
    await screen.findAllByTestId('owner-car');
    mocked.ownerDay.mockRejectedValue(
      new OwnerError(
        'not_owner',
        'Denne adresse er ikke på ejerlisten og kan ikke bruge siden. Spørg den, der har sat siden op.',
        { status: 403 },
      ),
    );
    await act(async () => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/ikke på ejerlisten/);
    expect(screen.queryAllByTestId('owner-car')).toHaveLength(0);
    expect(screen.queryByTestId('owner-offline')).toBeNull();
  });
});

describe('sign-in', () => {
  it('asks for the address, then the 6-digit code, and says a refused code in Danish', async () => {
    mocked.currentSession.mockResolvedValue(null);
    mocked.requestCode.mockResolvedValue();
    mocked.verifyCode.mockRejectedValueOnce(
      new OwnerError(
        'wrong_code',
        'Koden er forkert eller udløbet. Tjek koden i den nyeste mail, eller bed om en ny.',
      ),
    );
    const { user } = renderOwner();
    await user.type(await screen.findByLabelText('E-mailadresse'), ' Ejer@Glanspunkt.local ');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    expect(mocked.requestCode).toHaveBeenCalledWith('ejer@glanspunkt.local');

    const code = await screen.findByLabelText('Kode fra mailen');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    // a new code only after GoTrue's wait
    expect(screen.getByRole('button', { name: 'Send en ny kode' })).toBeDisabled();
    await user.type(code, '12a3456');
    expect(code).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Log ind' }));
    expect(mocked.verifyCode).toHaveBeenCalledWith('ejer@glanspunkt.local', '123456');
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Koden er forkert eller udløbet/);
  });

  it('an address that may not sign in is told so, and stays on the address', async () => {
    mocked.currentSession.mockResolvedValue(null);
    mocked.requestCode.mockRejectedValueOnce(
      new OwnerError(
        'not_allowed',
        'Denne e-mailadresse kan ikke logge ind her. Brug den adresse, der står på ejerlisten.',
      ),
    );
    const { user } = renderOwner();
    await user.type(await screen.findByLabelText('E-mailadresse'), 'fremmed@example.dk');
    await user.click(screen.getByRole('button', { name: 'Send kode' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/kan ikke logge ind her/);
    expect(screen.getByLabelText('E-mailadresse')).toBeInTheDocument();
  });

  it('signing out forgets the kept day', async () => {
    mocked.signOut.mockResolvedValue();
    const { user } = renderOwner();
    await screen.findAllByTestId('owner-car');
    expect(sessionStorage.getItem(`${STORED_DAY_PREFIX}2026-12-01`)).not.toBeNull();
    await user.click(screen.getByRole('button', { name: 'Log ud' }));
    expect(await screen.findByLabelText('E-mailadresse')).toBeInTheDocument();
    expect(sessionStorage.length).toBe(0);
  });

  it('signing out without a connection says so and stays signed in', async () => {
    mocked.signOut.mockRejectedValueOnce(
      new OwnerError('offline', 'Ingen forbindelse. Prøv igen, når telefonen har net.'),
    );
    const { user } = renderOwner();
    await screen.findAllByTestId('owner-car');
    await user.click(screen.getByRole('button', { name: 'Log ud' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Ingen forbindelse');
    expect(screen.getAllByTestId('owner-car')).toHaveLength(3);
    expect(screen.getByRole('button', { name: 'Log ud' })).toBeEnabled();
  });
});
