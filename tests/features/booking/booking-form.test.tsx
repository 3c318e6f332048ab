import './support/dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  API,
  calendarAnswer,
  calls,
  record,
  server,
  serviceByName,
  services,
} from './support/backend';
import { bookingFormTests } from './support/lifecycle';
import { renderBookingForm } from './support/render';
import { TEST_ALTCHA } from '../../setup';

// Monday 23 November 2026, 11:00 in Copenhagen: the window runs 24 Nov 2026 .. 22 Jan 2027
const NOW = new Date('2026-11-23T10:00:00Z');

bookingFormTests(NOW);

const serviceSelect = () => screen.getByRole('combobox', { name: 'Service' });
const timeSelect = () => screen.getByRole('combobox', { name: 'Tidspunkt' });
const dateButton = () => screen.getByRole('button', { name: /^Dato/ });
const submitButton = () =>
  screen.getByRole('button', { name: /^(Book tid|Opretter booking\.\.\.)$/ });

async function chooseService(user: UserEvent, name: string) {
  await waitFor(() => expect(serviceSelect()).toBeEnabled());
  await user.click(serviceSelect());
  await user.click(await screen.findByRole('option', { name }));
}

/** Opens the date popover and waits for its month grid (react-day-picker loads on its own). */
async function openCalendar(user: UserEvent) {
  await user.click(dateButton());
  const calendar = await screen.findByRole('dialog', { name: 'Vælg dato' });
  await within(calendar).findByRole('grid');
  return calendar;
}

async function chooseDate(user: UserEvent, label: string) {
  const calendar = await openCalendar(user);
  await user.click(within(calendar).getByRole('button', { name: label }));
}

async function chooseTime(user: UserEvent, time: string) {
  await waitFor(() => expect(timeSelect()).toBeEnabled());
  await user.click(timeSelect());
  await user.click(await screen.findByRole('option', { name: time }));
}

async function fillCustomer(user: UserEvent) {
  await user.type(screen.getByLabelText('Navn'), 'Mette Jensen');
  await user.type(screen.getByLabelText('Telefon'), '21 34 56 78');
  await user.type(screen.getByLabelText('Email'), 'mette@example.dk');
  await user.type(screen.getByLabelText('Nummerplade (valgfrit)'), ' AB 12 345 ');
  await user.type(screen.getByLabelText('Bemærkninger (valgfrit)'), 'Sort Tesla');
}

/** Fills the whole form (Guldpakken, Wednesday 25 November 2026 at `time`, the customer) and submits it. */
async function bookGuldOnWednesday(user: UserEvent, time: string) {
  await chooseService(user, 'Guldpakken');
  await chooseDate(user, 'onsdag den 25. november 2026');
  await chooseTime(user, time);
  await fillCustomer(user);
  await user.click(submitButton());
}

describe('the booking form: services and calendar', () => {
  it('reads the active services ordered by name and lists them by kind, name order inside each', async () => {
    const { user } = renderBookingForm();
    await waitFor(() => expect(serviceSelect()).toBeEnabled());
    expect(calls.services[0]?.url.search).toBe('?select=*&is_active=eq.true&order=name.asc');
    expect(calls.calendar).toHaveLength(0);
    await user.click(serviceSelect());
    await screen.findAllByRole('option');
    const groups = screen.getAllByRole('group');
    expect(groups.map((group) => group.getAttribute('aria-labelledby'))).toHaveLength(2);
    const listed = groups.map((group) => ({
      label: document.getElementById(group.getAttribute('aria-labelledby')!)?.textContent,
      names: within(group)
        .getAllByRole('option')
        .map((o) => o.textContent),
    }));
    const withComma = (names: string[]) => names.map((n) => n.replace(/(\D)(\d)/, '$1, $2'));
    expect(listed).toEqual([
      {
        label: 'Vask',
        names: withComma([
          'Guldpakken399 kr. · 2 timer',
          'Premiumpakken799 kr. · 3 timer',
          'Sølvpakken199 kr. · 30 min',
        ]),
      },
      {
        label: 'Polering',
        names: withComma([
          'Guldpakken polering2.400 kr. · 14 timer',
          'Premiumpakken polering3.600 kr. · 18 timer',
          'Sølvpakken polering1.800 kr. · 8 timer',
        ]),
      },
    ]);
    expect(groups[0]).toHaveAccessibleName('Vask');
    expect(groups[1]).toHaveAccessibleName('Polering');
  });

  it('shows the load-failure toast when services cannot be read', async () => {
    server.use(
      http.get(`${API}/rest/v1/services`, () =>
        HttpResponse.json(
          { code: 'XX000', message: 'boom', details: null, hint: null },
          { status: 500 },
        ),
      ),
    );
    renderBookingForm();
    expect(await screen.findByText('Kunne ikke indlæse services. Prøv igen senere.')).toBeVisible();
    expect(screen.getByText('Fejl')).toBeVisible();
    // the way to book now, beside the spec's title and message
    expect(screen.getByRole('button', { name: 'Ring og book: +45 12 34 56 78' })).toBeVisible();
    expect(serviceSelect()).toBeDisabled();
  });

  it('asks the database for the calendar of the chosen service, once', async () => {
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    await waitFor(() => expect(calls.calendar).toHaveLength(1));
    expect(calls.calendar[0]?.body).toEqual({ p_service_id: serviceByName('Guldpakken').id });
    const calendar = await openCalendar(user);
    await user.click(within(calendar).getByRole('button', { name: 'Gå til næste måned' }));
    expect(calls.calendar).toHaveLength(1);
  });

  it.each([
    ['an internal error', { code: 'XX000', message: 'boom', details: null, hint: null }],
    [
      // what the API answers when the call runs over anon's 3 s statement timeout
      'a statement timeout',
      {
        code: '57014',
        message: 'canceling statement due to statement timeout',
        details: null,
        hint: null,
      },
    ],
  ])('shows the slots toast once, and no repeat in the calendar, after %s', async (_, answer) => {
    server.use(
      http.post(`${API}/rest/v1/rpc/get_booking_calendar`, () =>
        HttpResponse.json(answer, { status: 500 }),
      ),
    );
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    expect(
      await screen.findByText('Kunne ikke indlæse ledige tider. Prøv igen senere.'),
    ).toBeVisible();
    await user.click(dateButton());
    const calendar = await screen.findByRole('dialog', { name: 'Vælg dato' });
    expect(
      await within(calendar).findByText('Kalenderen vises her, så snart vi kan hente den.'),
    ).toBeVisible();
    // an answered failure is not an outage: the toast is the one message
    expect(screen.queryByTestId('booking-outage')).toBeNull();
    expect(screen.getAllByText(/Kunne ikke indlæse/)).toHaveLength(1);
  });
});

describe('the booking form: choosing service, date and time', () => {
  it('keeps the date button disabled until a service is chosen', async () => {
    const { user } = renderBookingForm();
    expect(dateButton()).toBeDisabled();
    expect(timeSelect()).toBeDisabled();
    expect(timeSelect()).toHaveTextContent('Vælg først en dato');
    await chooseService(user, 'Guldpakken');
    expect(serviceSelect()).toHaveTextContent('Guldpakken');
    expect(dateButton()).toBeEnabled();
    expect(timeSelect()).toBeDisabled();
    expect(calls.slots).toHaveLength(0);
  });

  it('shows a Danish calendar from Monday with six week rows and only bookable days enabled', async () => {
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    const calendar = await openCalendar(user);
    const grid = within(calendar).getByRole('grid', { name: 'november 2026' });
    // the weekday header row is hidden from assistive tech (each day button says its weekday)
    const headers = [...grid.querySelectorAll('th')].map((h) => h.getAttribute('aria-label'));
    expect(headers).toEqual([
      'mandag',
      'tirsdag',
      'onsdag',
      'torsdag',
      'fredag',
      'lørdag',
      'søndag',
    ]);
    expect(within(grid).getAllByRole('row')).toHaveLength(6);
    const day = (label: string) =>
      within(calendar).getByRole('button', { name: new RegExp(`^${label}`) });
    expect(day('I dag, mandag den 23. november 2026')).toBeDisabled(); // today: before the minimum
    expect(day('tirsdag den 24. november 2026')).toBeEnabled(); // today + 1
    expect(day('fredag den 27. november 2026')).toBeDisabled(); // a closed date
    expect(day('lørdag den 28. november 2026')).toBeEnabled();
    expect(day('søndag den 29. november 2026')).toBeDisabled(); // closed weekday
  });

  it('disables public holidays and days after the max window', async () => {
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    const calendar = await openCalendar(user);
    await user.click(within(calendar).getByRole('button', { name: 'Gå til næste måned' }));
    // December 2026 needs only five weeks from Monday; the calendar still shows six
    expect(
      within(within(calendar).getByRole('grid', { name: 'december 2026' })).getAllByRole('row'),
    ).toHaveLength(6);
    const day = (label: string) => within(calendar).getByRole('button', { name: label });
    expect(day('torsdag den 24. december 2026')).toBeEnabled();
    expect(day('fredag den 25. december 2026')).toBeDisabled(); // Juledag
    await user.click(within(calendar).getByRole('button', { name: 'Gå til næste måned' }));
    expect(day('fredag den 22. januar 2027')).toBeEnabled(); // today + 60
    expect(day('lørdag den 23. januar 2027')).toBeDisabled(); // today + 61
    expect(within(calendar).getByRole('button', { name: 'Gå til næste måned' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
  });

  it('uses the window the database answers', async () => {
    server.use(
      http.post(`${API}/rest/v1/rpc/get_booking_calendar`, () =>
        HttpResponse.json(calendarAnswer({ min: 3, max: 5 })),
      ),
    );
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    const calendar = await openCalendar(user);
    const day = (label: string) => within(calendar).getByRole('button', { name: label });
    expect(day('onsdag den 25. november 2026')).toBeDisabled();
    expect(day('torsdag den 26. november 2026')).toBeEnabled();
    expect(day('lørdag den 28. november 2026')).toBeEnabled();
    expect(day('mandag den 30. november 2026')).toBeDisabled();
  });

  it('marks the days the database calls full, says so, and lets them be tapped', async () => {
    server.use(
      http.post(`${API}/rest/v1/rpc/get_booking_calendar`, () =>
        HttpResponse.json(calendarAnswer({ full: ['2026-11-25'] })),
      ),
    );
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken polering');
    const calendar = await openCalendar(user);
    // a tap on a full day offers the next free time (next-free-time.test.tsx)
    expect(
      within(calendar).getByRole('button', { name: 'onsdag den 25. november 2026, fuldt booket' }),
    ).toBeEnabled();
    expect(
      within(calendar).getByRole('button', { name: 'torsdag den 26. november 2026' }),
    ).toBeEnabled();
    expect(
      within(calendar).getByText('Rødt overstregede dage er fuldt booket for den valgte service.'),
    ).toBeVisible();
  });

  it("chooses a day's only time for the visitor and says so at the field, as the summary shows it", async () => {
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, () =>
        HttpResponse.json({ slots: ['09:00'], readyAt: { '09:00': '2026-11-26T12:00:00+01:00' } }),
      ),
    );
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken polering');
    await chooseDate(user, 'onsdag den 25. november 2026');
    await waitFor(() => expect(timeSelect()).toHaveTextContent('09:00'));
    expect(timeSelect()).toBeEnabled();
    expect(timeSelect()).toHaveAccessibleDescription(
      'Eneste mulige tid den dag – bilen afleveres kl. 09:00. Klar til afhentning torsdag den 26. november 2026 kl. 12:00.',
    );
    const summary = screen.getByRole('region', { name: 'Oversigt' });
    expect(summary).toHaveTextContent('Afleveringkl. 09:00');
    expect(summary).toHaveTextContent('Klar til afhentningtorsdag den 26. november 2026 kl. 12:00');
    // chosen by the visitor himself, the note is the ready time alone
    await chooseTime(user, '09:00');
    expect(timeSelect()).toHaveAccessibleDescription(
      'Klar til afhentning: torsdag den 26. november 2026 kl. 12:00',
    );
  });

  it('chooses no time on a day with several', async () => {
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    await waitFor(() => expect(timeSelect()).toHaveTextContent('Vælg et tidspunkt'));
    expect(timeSelect()).not.toHaveAccessibleDescription(/Eneste mulige tid/);
    expect(screen.queryByRole('region', { name: 'Oversigt' })).toBeNull();
  });

  it('loads slots for the picked date, showing the loading text meanwhile', async () => {
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, async ({ request }) => {
        await record(calls.slots, request);
        await delay(300);
        return HttpResponse.json({ slots: ['09:00', '13:30'], readyAt: {} });
      }),
    );
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    expect(dateButton()).toHaveAccessibleName('Dato onsdag den 25. november 2026');
    await waitFor(() => expect(timeSelect()).toHaveTextContent('Indlæser tider...'));
    expect(timeSelect()).toBeDisabled();
    expect(calls.slots[0]?.body).toEqual({
      date: '2026-11-25',
      serviceId: serviceByName('Guldpakken').id,
    });
    await waitFor(() => expect(timeSelect()).toBeEnabled());
    await user.click(timeSelect());
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual([
      '09:00',
      '13:30',
    ]);
  });

  /** Opens the time list of a day without free times; returns its only entry. */
  async function openFullDay() {
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, () =>
        HttpResponse.json({ slots: [], readyAt: {} }),
      ),
    );
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    await waitFor(() => expect(timeSelect()).toBeEnabled());
    await user.click(timeSelect());
    return { user, none: await screen.findByRole('option', { name: 'Ingen ledige tider' }) };
  }

  it('offers a disabled "Ingen ledige tider" entry when the day has no slots', async () => {
    const { none } = await openFullDay();
    expect(none).toHaveAttribute('aria-disabled', 'true');
  });

  it('works the time list by keyboard: arrows, Enter chooses, Escape closes, the focus back on the field', async () => {
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    await waitFor(() => expect(timeSelect()).toBeEnabled());
    timeSelect().focus();
    await user.keyboard('{Enter}');
    const list = await screen.findByRole('listbox', { name: 'Tidspunkt' });
    const options = within(list).getAllByRole('option');
    await waitFor(() => expect(options[0]).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(options[1]).toHaveFocus();
    await user.keyboard('{End}');
    expect(options.at(-1)).toHaveFocus();
    await user.keyboard('{Home}');
    expect(options[0]).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(timeSelect()).toHaveFocus();
    expect(timeSelect()).toHaveTextContent('Vælg et tidspunkt');
    await user.keyboard('{ArrowDown}');
    await waitFor(() =>
      expect(within(screen.getByRole('listbox')).getAllByRole('option')[0]).toHaveFocus(),
    );
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect(timeSelect()).toHaveTextContent(options[1]!.textContent!);
    expect(timeSelect()).toHaveFocus();
    expect(timeSelect()).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the disabled "Ingen ledige tider" out of reach of keys and clicks', async () => {
    const { user, none } = await openFullDay();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(none).not.toHaveFocus();
    none.click();
    expect(timeSelect()).toHaveTextContent('Vælg et tidspunkt');
  });

  it('empties the slot list and shows the toast when slots cannot be loaded', async () => {
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, () =>
        HttpResponse.json({ error: 'Der opstod en fejl. Prøv igen senere.' }, { status: 500 }),
      ),
    );
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    expect(
      await screen.findByText('Kunne ikke indlæse ledige tider. Prøv igen senere.'),
    ).toBeVisible();
    await waitFor(() => expect(timeSelect()).toBeEnabled());
    await user.click(timeSelect());
    expect(await screen.findByRole('option', { name: 'Ingen ledige tider' })).toBeVisible();
  });

  it('clears the time when another date is picked and clears date and time on another service', async () => {
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    await chooseTime(user, '09:30');
    expect(timeSelect()).toHaveTextContent('09:30');
    await chooseDate(user, 'torsdag den 26. november 2026');
    expect(calls.slots.at(-1)?.body).toMatchObject({ date: '2026-11-26' });
    await waitFor(() => expect(timeSelect()).toBeEnabled());
    // the one time left is not put in place of the visitor's own choice
    expect(timeSelect()).toHaveTextContent('Vælg et tidspunkt');
    await chooseTime(user, '10:00');
    await chooseService(user, 'Sølvpakken');
    expect(dateButton()).toHaveAccessibleName('Dato Vælg en dato');
    expect(timeSelect()).toBeDisabled();
    expect(timeSelect()).toHaveTextContent('Vælg først en dato');
    expect(screen.queryByRole('region', { name: 'Oversigt' })).toBeNull();
  });

  it('summarises service, date, time, duration and price once all three are chosen', async () => {
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    expect(screen.queryByRole('region', { name: 'Oversigt' })).toBeNull();
    await chooseTime(user, '09:00');
    const summary = screen.getByRole('region', { name: 'Oversigt' });
    expect(summary).toHaveTextContent('ServiceGuldpakken');
    expect(summary).toHaveTextContent('Datoonsdag den 25. november 2026');
    expect(summary).toHaveTextContent('Afleveringkl. 09:00');
    expect(summary).toHaveTextContent('Varighed2 timer');
    expect(summary).toHaveTextContent('Pris399 kr.');
    expect(summary).not.toHaveTextContent('Klar til afhentning');
  });

  it('shows the ready time of a job that runs past the day', async () => {
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, () =>
        HttpResponse.json({
          slots: ['09:00'],
          readyAt: { '09:00': '2026-11-26T16:00:00+01:00' },
        }),
      ),
    );
    const { user } = renderBookingForm();
    await chooseService(user, 'Premiumpakken polering');
    await chooseDate(user, 'onsdag den 25. november 2026');
    await chooseTime(user, '09:00');
    const summary = screen.getByRole('region', { name: 'Oversigt' });
    expect(summary).toHaveTextContent('Varighed18 timer');
    expect(summary).toHaveTextContent('Pris3.600 kr.');
    expect(summary).toHaveTextContent('Klar til afhentningtorsdag den 26. november 2026 kl. 16:00');
  });
});

describe('the booking form: submitting', () => {
  it('keeps submit disabled until service, date and time are chosen', async () => {
    const { user } = renderBookingForm();
    expect(submitButton()).toBeDisabled();
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    expect(submitButton()).toBeDisabled();
    await chooseTime(user, '09:00');
    expect(submitButton()).toBeEnabled();
  });

  it('says what is missing when Enter is pressed without service, date and time, and calls nothing', async () => {
    const { user } = renderBookingForm();
    await fillCustomer(user);
    await user.type(screen.getByLabelText('Email'), '{Enter}');
    expect(await screen.findByText('Manglende oplysninger')).toBeVisible();
    expect(screen.getByText('Vælg venligst service, dato og tid.')).toBeVisible();
    expect(calls.create).toHaveLength(0);
  });

  it('books, confirms, and resets service, date, time and slots', async () => {
    const { user } = renderBookingForm();
    await bookGuldOnWednesday(user, '09:30');
    expect(submitButton()).toHaveTextContent('Opretter booking...');
    expect(submitButton()).toBeDisabled();

    expect(await screen.findByText('Booking bekræftet!')).toBeVisible();
    expect(
      screen.getByText('Din booking er oprettet. Du modtager en bekræftelse på email.'),
    ).toBeVisible();
    const confirmation = screen.getByRole('region', { name: 'Din booking er bekræftet' });
    expect(confirmation).toHaveTextContent(
      'Bookingen er bekræftet med det samme. Du modtager alle detaljer på e-mail.',
    );
    expect(confirmation).toHaveTextContent('BookingnummerK7M2Q9XA');
    expect(confirmation).toHaveFocus();

    expect(calls.create).toHaveLength(1);
    const sent = calls.create[0]!;
    expect(sent.body).toEqual({
      serviceId: serviceByName('Guldpakken').id,
      customerName: 'Mette Jensen',
      customerEmail: 'mette@example.dk',
      customerPhone: '21 34 56 78',
      bookingDate: '2026-11-25',
      bookingTime: '09:30',
      notes: 'Sort Tesla',
      carPlate: 'AB 12 345',
      // "Send mig SMS" is unticked unless the customer ticks it
      sms: false,
      // the proof of work the widget solved (a stand-in in these tests, see tests/setup.ts)
      altcha: TEST_ALTCHA,
    });
    expect(sent.headers.get('idempotency-key')).toMatch(/^[A-Za-z0-9_.:-]{8,128}$/);

    // the confirmation replaces the form, with the price and a way to book another time
    expect(confirmation).toHaveTextContent('Pris399 kr.');
    // where the car goes and how it is paid, as the terms say it
    expect(confirmation).toHaveTextContent('AdresseVirkelyst 7B, 6000 Kolding');
    expect(confirmation).toHaveTextContent(
      'BetalingDu betaler, når du henter bilen: med betalingskort, MobilePay eller kontant.',
    );
    expect(screen.queryByRole('combobox', { name: 'Service' })).toBeNull();
    await user.click(within(confirmation).getByRole('button', { name: 'Book en tid mere' }));
    expect(screen.queryByRole('region', { name: 'Din booking er bekræftet' })).toBeNull();
    expect(serviceSelect()).toHaveTextContent('Vælg en service');
    await waitFor(() => expect(serviceSelect()).toHaveFocus());
    expect(dateButton()).toHaveAccessibleName('Dato Vælg en dato');
    expect(dateButton()).toBeDisabled();
    expect(timeSelect()).toHaveTextContent('Vælg først en dato');
    expect(screen.getByLabelText('Navn')).toHaveValue('');
    expect(submitButton()).toBeDisabled();
  });

  it('says what is missing when the disabled "Book tid" is tapped', async () => {
    const { user } = renderBookingForm();
    await waitFor(() => expect(serviceSelect()).toBeEnabled());
    expect(submitButton()).toBeDisabled();
    await user.click(screen.getByTestId('submit-missing'));
    expect(await screen.findByText('Manglende oplysninger')).toBeVisible();
    expect(screen.getByText('Vælg venligst service, dato og tid.')).toBeVisible();
    expect(calls.create).toHaveLength(0);
  });

  it('shows the server message on a lost race, reloads the slots and clears the time', async () => {
    let slotsAnswer = ['09:00', '09:30'];
    server.use(
      http.post(`${API}/functions/v1/get-available-slots`, async ({ request }) => {
        await record(calls.slots, request);
        return HttpResponse.json({ slots: slotsAnswer, readyAt: {} });
      }),
      http.post(`${API}/functions/v1/create-booking`, async ({ request }) => {
        await record(calls.create, request);
        slotsAnswer = ['09:00'];
        return HttpResponse.json(
          {
            error: 'Tidspunktet er desværre lige blevet booket. Vælg venligst et andet tidspunkt.',
          },
          { status: 409 },
        );
      }),
    );
    const { user } = renderBookingForm();
    await bookGuldOnWednesday(user, '09:30');
    expect(await screen.findByText('Fejl ved booking')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Ring og book: +45 12 34 56 78' })).toBeVisible();
    expect(
      screen.getByText(
        'Tidspunktet er desværre lige blevet booket. Vælg venligst et andet tidspunkt.',
      ),
    ).toBeVisible();
    await waitFor(() => expect(calls.slots).toHaveLength(2));
    await waitFor(() => expect(timeSelect()).toBeEnabled());
    // the one time left is not put in place of the visitor's own choice
    expect(timeSelect()).toHaveTextContent('Vælg et tidspunkt');
    await user.click(timeSelect());
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['09:00']);
    await user.keyboard('{Escape}');
    // the form is kept
    expect(serviceSelect()).toHaveTextContent('Guldpakken');
    expect(screen.getByLabelText('Navn')).toHaveValue('Mette Jensen');
  });

  it('falls back to the generic message when the server sends none, keeping the form and the key', async () => {
    server.use(
      http.post(`${API}/functions/v1/create-booking`, async ({ request }) => {
        await record(calls.create, request);
        return new HttpResponse('Bad gateway', { status: 502 });
      }),
    );
    const { user } = renderBookingForm();
    await bookGuldOnWednesday(user, '09:00');
    expect(await screen.findByText('Der opstod en fejl. Prøv igen senere.')).toBeVisible();
    expect(screen.getByText('Fejl ved booking')).toBeVisible();
    expect(timeSelect()).toHaveTextContent('09:00');
    expect(screen.getByLabelText('Email')).toHaveValue('mette@example.dk');
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.click(submitButton());
    await waitFor(() => expect(calls.create).toHaveLength(2));
    // one error toast at a time, not a pile of them
    await waitFor(() => expect(screen.getAllByText('Fejl ved booking')).toHaveLength(1));
    // the same booking sent again carries the same idempotency key
    expect(calls.create[1]!.headers.get('idempotency-key')).toBe(
      calls.create[0]!.headers.get('idempotency-key'),
    );
  });

  it('shows the generic message when the network fails', async () => {
    server.use(http.post(`${API}/functions/v1/create-booking`, () => HttpResponse.error()));
    const { user } = renderBookingForm();
    await bookGuldOnWednesday(user, '09:00');
    expect(await screen.findByText('Der opstod en fejl. Prøv igen senere.')).toBeVisible();
  });

  it('hides the honeypot field from people and assistive technology', () => {
    renderBookingForm();
    const trap = document.querySelector<HTMLInputElement>('input[name="website"]');
    expect(trap).not.toBeNull();
    expect(trap).toHaveAttribute('tabindex', '-1');
    expect(trap!.closest('[aria-hidden="true"]')).not.toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Lad dette felt være tomt' })).toBeNull();
  });
});

describe('the booking form: preselection', () => {
  it.each(services.map((service) => service.name))(
    'selects %s from the navigation state',
    async (name) => {
      renderBookingForm({ state: { service: name } });
      await waitFor(() => expect(serviceSelect()).toHaveTextContent(new RegExp(`^${name}$`)));
      expect(dateButton()).toBeEnabled();
    },
  );

  it('selects from ?service= with a case-insensitive contains match', async () => {
    renderBookingForm({ search: '?service=PREMIUM' });
    await waitFor(() => expect(serviceSelect()).toHaveTextContent(/^Premiumpakken$/));
  });

  it('selects nothing, and breaks nothing, when no service matches', async () => {
    const { user } = renderBookingForm({ state: { service: 'Bådpolering' } });
    await waitFor(() => expect(serviceSelect()).toBeEnabled());
    expect(serviceSelect()).toHaveTextContent('Vælg en service');
    expect(dateButton()).toBeDisabled();
    await chooseService(user, 'Guldpakken');
    expect(dateButton()).toBeEnabled();
  });

  it('lets the visitor change a preselected service', async () => {
    const { user } = renderBookingForm({ search: '?service=Guldpakken' });
    await waitFor(() => expect(serviceSelect()).toHaveTextContent(/^Guldpakken$/));
    await chooseService(user, 'Sølvpakken polering');
    expect(serviceSelect()).toHaveTextContent(/^Sølvpakken polering$/);
  });
});

/** A pointer event as a phone or a mouse sends it (jsdom has no PointerEvent). */
function press(target: Element, type: string, pointerType: 'touch' | 'mouse') {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, button: 0 });
  Object.defineProperty(event, 'pointerType', { value: pointerType });
  act(() => {
    target.dispatchEvent(event);
  });
  return event;
}

describe('the booking form: the list answers the press itself', () => {
  it('opens the service list when the finger lifts, and the click that follows keeps it open', async () => {
    renderBookingForm();
    await waitFor(() => expect(serviceSelect()).toBeEnabled());
    const field = serviceSelect();
    press(field, 'pointerdown', 'touch');
    expect(screen.queryByRole('listbox')).toBeNull();
    press(field, 'pointerup', 'touch');
    // open at the pointerup, before the compatibility mouse events and the click
    const list = screen.getByRole('listbox', { name: 'Service' });
    expect(field).toHaveAttribute('aria-expanded', 'true');
    expect(within(list).getAllByRole('option')[0]).toHaveFocus();
    // the tap's mousedown does not take the focus back to the field; its click does not close
    expect(press(field, 'mousedown', 'touch').defaultPrevented).toBe(true);
    press(field, 'click', 'touch');
    expect(screen.getByRole('listbox', { name: 'Service' })).toBe(list);
    expect(within(list).getAllByRole('option')[0]).toHaveFocus();
    // the next tap on the field closes it, the focus back on the field
    press(field, 'pointerdown', 'touch');
    press(field, 'pointerup', 'touch');
    press(field, 'click', 'touch');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(field).toHaveFocus();
  });

  it('opens on a mouse press (the field keeps no focus from the list), and a click alone toggles', async () => {
    renderBookingForm();
    await waitFor(() => expect(serviceSelect()).toBeEnabled());
    const field = serviceSelect();
    expect(press(field, 'pointerdown', 'mouse').defaultPrevented).toBe(true);
    const list = screen.getByRole('listbox', { name: 'Service' });
    press(field, 'pointerup', 'mouse');
    press(field, 'click', 'mouse');
    expect(screen.getByRole('listbox', { name: 'Service' })).toBe(list);
    // a click without a press before it (a screen reader's, element.click()) toggles
    act(() => field.click());
    expect(screen.queryByRole('listbox')).toBeNull();
    act(() => field.click());
    expect(screen.getByRole('listbox', { name: 'Service' })).toBeInTheDocument();
  });

  it('opens the time list when the finger lifts, too', async () => {
    const { user } = renderBookingForm();
    await chooseService(user, 'Guldpakken');
    await chooseDate(user, 'onsdag den 25. november 2026');
    await waitFor(() => expect(timeSelect()).toBeEnabled());
    press(timeSelect(), 'pointerdown', 'touch');
    press(timeSelect(), 'pointerup', 'touch');
    const list = screen.getByRole('listbox', { name: 'Tidspunkt' });
    press(timeSelect(), 'click', 'touch');
    expect(screen.getByRole('listbox', { name: 'Tidspunkt' })).toBe(list);
  });
});
