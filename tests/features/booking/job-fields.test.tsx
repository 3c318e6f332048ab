// The job in the booking form: the car's size and the add-ons of the chosen package, the whole
// job's price before a time is chosen, the calendar and times of the whole job, and the same
// total in the summary, the body and the confirmation. The build's data is the seed's
// (tests/support/site-data.ts) under the ids the mocked backend answers with.
import './support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SiteFacts } from '~/lib/site-data';
import { seededSiteFacts } from '../../support/site-data';
import { calls, serviceByName } from './support/backend';
import { bookingFormTests } from './support/lifecycle';
import { renderBookingForm } from './support/render';

const NOW = new Date('2026-11-23T10:00:00Z');
bookingFormTests(NOW);

/** The seed's site data, each package under the id the mocked services answer has for it. */
const idOf = (seeded: string) =>
  serviceByName(seededSiteFacts.services.find((s) => s.id === seeded)!.name).id;
const facts: SiteFacts = {
  ...seededSiteFacts,
  services: seededSiteFacts.services.map((s) => ({ ...s, id: idOf(s.id) })),
  addons: seededSiteFacts.addons.map((a) => ({ ...a, serviceIds: a.serviceIds.map(idOf) })),
  sizePrices: Object.fromEntries(
    Object.entries(seededSiteFacts.sizePrices).map(([id, prices]) => [idOf(id), prices]),
  ),
};
const MOTORVASK = seededSiteFacts.addons.find((a) => a.name === 'Motorvask')!.id;

const serviceSelect = () => screen.getByRole('combobox', { name: 'Service' });
const quote = () => screen.getByTestId('job-quote');

async function chooseService(user: UserEvent, name: string) {
  await waitFor(() => expect(serviceSelect()).toBeEnabled());
  await user.click(serviceSelect());
  await user.click(await screen.findByRole('option', { name }));
}

/** The last calendar asked for is Guldpakken's for a big car with Motorvask. */
const bigCarCalendarAsked = () =>
  waitFor(() =>
    expect(calls.calendar.at(-1)?.body).toEqual({
      p_service_id: serviceByName('Guldpakken').id,
      p_car_size: 'stor-bil',
      p_addon_ids: [MOTORVASK],
    }),
  );

describe('the job in the booking form', () => {
  it('offers the package’s sizes and add-ons and prices the whole job before a time is chosen', async () => {
    const { user } = renderBookingForm({ facts });
    expect(screen.queryByTestId('job-fields')).toBeNull();
    await chooseService(user, 'Guldpakken');

    const sizes = screen.getByRole('group', { name: 'Bilens størrelse' });
    const radios = within(sizes).getAllByRole('radio');
    expect(radios.map((r) => r.closest('label')!.textContent)).toEqual([
      expect.stringMatching(/^Almindelig personbil.*399 kr\.$/),
      expect.stringMatching(/^Stor bil \(SUV, stationcar, 7-personers\).*499 kr\.$/),
      expect.stringMatching(/^Varebil.*599 kr\.$/),
    ]);
    // the ordinary car is chosen until the visitor says otherwise
    expect(within(sizes).getByRole('radio', { name: /^Almindelig personbil/ })).toBeChecked();
    expect(quote()).toHaveTextContent('Pris for jobbet: 399 kr. inkl. moms · 2 timer');
    const addons = screen.getByRole('group', { name: 'Tilvalg (valgfrit)' });
    expect(
      within(addons)
        .getAllByRole('checkbox')
        .map((c) => c.closest('label')!.textContent),
    ).toEqual([
      expect.stringMatching(/^Motorvask\+ 299 kr\. · \+ 30 min/),
      expect.stringMatching(/^Lædercreme\+ 349 kr\. · \+ 45 min/),
      expect.stringMatching(/^Hundehårsfjernelse\+ 249 kr\. · \+ 30 min/),
      expect.stringMatching(/^Ozonbehandling\+ 399 kr\. · \+ 60 min/),
    ]);

    await user.click(within(sizes).getByRole('radio', { name: /^Stor bil/ }));
    expect(quote()).toHaveTextContent('Pris for jobbet: 499 kr. inkl. moms · 3 timer');
    await user.click(within(addons).getByRole('checkbox', { name: /^Motorvask/ }));
    expect(quote()).toHaveTextContent('Pris for jobbet: 798 kr. inkl. moms · 3 timer');

    // the calendar the form asks for is the whole job's
    await bigCarCalendarAsked();
    // the package alone was asked as the spec asks it
    expect(calls.calendar[0]?.body).toEqual({ p_service_id: serviceByName('Guldpakken').id });
  });

  it('opens the waiting list’s link with the job he signed up with: its size and add-ons chosen', async () => {
    renderBookingForm({
      facts,
      search: `?service=Guldpakken&dag=2026-12-10&bil=stor-bil&tilvalg=${MOTORVASK}`,
    });
    await waitFor(() => expect(serviceSelect()).toHaveTextContent(/^Guldpakken$/));
    await waitFor(() => expect(screen.getByRole('radio', { name: /^Stor bil/ })).toBeChecked());
    expect(screen.getByRole('checkbox', { name: /^Motorvask/ })).toBeChecked();
    expect(quote()).toHaveTextContent('Pris for jobbet: 798 kr. inkl. moms · 3 timer');
    // and the calendar that opens the day is the whole job's
    await bigCarCalendarAsked();
  });

  it('takes from a link only what the package offers, and nothing from a malformed one', async () => {
    const { unmount } = renderBookingForm({
      facts,
      search: `?service=Guldpakken&dag=2026-12-10&bil=lastbil&tilvalg=${MOTORVASK}`,
    });
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /^Motorvask/ })).toBeChecked());
    // an unknown size is the ordinary car
    expect(screen.getByRole('radio', { name: /^Almindelig personbil/ })).toBeChecked();
    unmount();
    renderBookingForm({ facts, search: '?service=Guldpakken&bil=<script>&tilvalg=1,2' });
    await waitFor(() => expect(serviceSelect()).toHaveTextContent(/^Guldpakken$/));
    expect(screen.getByRole('radio', { name: /^Almindelig personbil/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Motorvask/ })).not.toBeChecked();
  });

  it('keeps the size and the add-ons that the next package offers, and drops the others', async () => {
    const { user } = renderBookingForm({ facts });
    await chooseService(user, 'Guldpakken');
    await user.click(screen.getByRole('radio', { name: /^Varebil/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Motorvask/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Lædercreme/ }));
    expect(quote()).toHaveTextContent('Pris for jobbet: 1.247 kr. inkl. moms');
    // Sølvpakken has a van price and Motorvask, not Lædercreme
    await chooseService(user, 'Sølvpakken');
    expect(screen.getByRole('radio', { name: /^Varebil/ })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: /^Motorvask/ })).toBeChecked();
    expect(screen.queryByRole('checkbox', { name: /^Lædercreme/ })).toBeNull();
    expect(quote()).toHaveTextContent('Pris for jobbet: 598 kr. inkl. moms · 2 timer');
  });

  it('sends the size and the add-ons with the times and the booking, and shows the same total in the summary and the confirmation', async () => {
    const { user } = renderBookingForm({ facts });
    await chooseService(user, 'Guldpakken');
    await user.click(screen.getByRole('radio', { name: /^Stor bil/ }));
    await user.click(screen.getByRole('checkbox', { name: /^Motorvask/ }));
    await user.click(screen.getByRole('button', { name: /^Dato/ }));
    const calendar = await screen.findByRole('dialog', { name: 'Vælg dato' });
    await user.click(
      await within(calendar).findByRole('button', { name: 'onsdag den 25. november 2026' }),
    );
    const time = screen.getByRole('combobox', { name: 'Tidspunkt' });
    await waitFor(() => expect(time).toBeEnabled());
    expect(calls.slots.at(-1)?.body).toEqual({
      date: '2026-11-25',
      serviceId: serviceByName('Guldpakken').id,
      carSize: 'stor-bil',
      addonIds: [MOTORVASK],
    });
    await user.click(time);
    await user.click(await screen.findByRole('option', { name: '09:30' }));

    const summary = screen.getByRole('region', { name: 'Oversigt' });
    // the rows every page after booking writes: package, size, add-ons, then the total
    expect(summary).toHaveTextContent('ServiceGuldpakken, 499 kr.');
    expect(summary).toHaveTextContent('BilstørrelseStor bil (SUV, stationcar, 7-personers)');
    expect(summary).toHaveTextContent('TilvalgMotorvask, 299 kr.');
    expect(summary).toHaveTextContent('I alt798 kr. inkl. moms');

    await user.type(screen.getByLabelText('Navn'), 'Mette Jensen');
    await user.type(screen.getByLabelText('Telefon'), '21 34 56 78');
    await user.type(screen.getByLabelText('Email'), 'mette@example.dk');
    await user.click(screen.getByRole('button', { name: 'Book tid' }));
    const confirmation = await screen.findByRole('region', { name: 'Din booking er bekræftet' });
    expect(calls.create[0]?.body).toMatchObject({
      serviceId: serviceByName('Guldpakken').id,
      carSize: 'stor-bil',
      addonIds: [MOTORVASK],
    });
    // never a price or a length: the server works them out
    expect(Object.keys(calls.create[0]!.body as object)).not.toContain('price');
    expect(confirmation).toHaveTextContent('BilstørrelseStor bil (SUV, stationcar, 7-personers)');
    expect(confirmation).toHaveTextContent('TilvalgMotorvask, 299 kr.');
    expect(within(confirmation).getByTestId('booking-total')).toHaveTextContent(
      '798 kr. inkl. moms',
    );
  });
});
