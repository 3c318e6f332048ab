// The customer's fields of the booking form, checked by the server's rules before anything is sent:
// every wrong field marked at once at the field (aria-invalid, its message as the description), the
// focus on the first, no request; a field the server still refuses is marked the same way.
import './support/dom';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { API, calls, record, server } from './support/backend';
import { bookingFormTests } from './support/lifecycle';
import { renderBookingForm } from './support/render';

const NOW = new Date('2026-11-23T10:00:00Z');

bookingFormTests(NOW);

/** The server's messages, word for word (supabase/functions/_shared/customer-rules.ts). */
const NAME = 'Navnet skal være mellem 2 og 100 tegn.';
const NAME_LETTER = 'Navnet skal indeholde bogstaver.';
const EMAIL = 'Indtast en gyldig e-mailadresse.';
const PHONE =
  'Indtast et gyldigt telefonnummer: 8 cifre, f.eks. 20 11 22 33, eller et udenlandsk nummer med landekode, f.eks. +46 70 123 45 67.';

const name = () => screen.getByLabelText('Navn');
const email = () => screen.getByLabelText('Email');
const phone = () => screen.getByLabelText('Telefon');
const submitButton = () =>
  screen.getByRole('button', { name: /^(Book tid|Opretter booking\.\.\.)$/ });

/** Guldpakken on Wednesday 25 November 2026 at 09:00: everything but the customer's fields. */
async function chooseServiceDateAndTime(user: UserEvent) {
  const service = screen.getByRole('combobox', { name: 'Service' });
  await waitFor(() => expect(service).toBeEnabled());
  await user.click(service);
  await user.click(await screen.findByRole('option', { name: 'Guldpakken' }));
  await user.click(screen.getByRole('button', { name: /^Dato/ }));
  const calendar = await screen.findByRole('dialog', { name: 'Vælg dato' });
  await within(calendar).findByRole('grid');
  await user.click(within(calendar).getByRole('button', { name: 'onsdag den 25. november 2026' }));
  const time = screen.getByRole('combobox', { name: 'Tidspunkt' });
  await waitFor(() => expect(time).toBeEnabled());
  await user.click(time);
  await user.click(await screen.findByRole('option', { name: '09:00' }));
}

async function typeCustomer(
  user: UserEvent,
  values: { name: string; email: string; phone: string },
) {
  await user.type(name(), values.name);
  await user.type(phone(), values.phone);
  await user.type(email(), values.email);
}

/** The field is marked with `message`: aria-invalid, and the message it names is on screen. */
function expectMarked(field: HTMLElement, message: string) {
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(message);
  const describedBy = field.getAttribute('aria-describedby') ?? '';
  const shown = document.getElementById(describedBy);
  expect(shown).not.toBeNull();
  expect(shown).toHaveTextContent(message);
  expect(shown).toBeVisible();
}

function expectUnmarked(field: HTMLElement) {
  expect(field).not.toHaveAttribute('aria-invalid');
  expect(field).not.toHaveAttribute('aria-describedby');
}

describe('the customer fields, checked as the server will before the booking is sent', () => {
  it('marks every wrong field at once, focuses the first and sends nothing', async () => {
    const { user } = renderBookingForm();
    await chooseServiceDateAndTime(user);
    await typeCustomer(user, { name: 'A', email: 'soren@gmail', phone: '1234' });
    await user.click(submitButton());

    await waitFor(() => expectMarked(name(), NAME));
    expectMarked(email(), EMAIL);
    expectMarked(phone(), PHONE);
    expect(name()).toHaveFocus();
    // the optional fields are right (empty)
    expectUnmarked(screen.getByLabelText('Bemærkninger (valgfrit)'));
    expectUnmarked(screen.getByLabelText('Nummerplade (valgfrit)'));
    // no request, and no alarming toast with a phone number for a typo
    expect(calls.create).toHaveLength(0);
    expect(screen.queryByText('Fejl ved booking')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Ring og book/ })).toBeNull();
    expect(submitButton()).toBeEnabled();
  });

  it('takes a message away once its field is right, and books with the next submit', async () => {
    const { user } = renderBookingForm();
    await chooseServiceDateAndTime(user);
    await typeCustomer(user, { name: 'A', email: 'soren@gmail', phone: '1234' });
    await user.click(submitButton());
    await waitFor(() => expectMarked(name(), NAME));

    // while typing, a message stays until the value is right (then it goes at once)
    await user.type(name(), 'n');
    expectUnmarked(name());
    expect(screen.queryByText(NAME)).toBeNull();
    await user.type(email(), '.c');
    expectMarked(email(), EMAIL);
    await user.type(email(), 'om');
    expectUnmarked(email());
    expectMarked(phone(), PHONE);
    await user.clear(phone());
    await user.type(phone(), '21 34 56 78');
    expectUnmarked(phone());

    await user.click(submitButton());
    expect(await screen.findByText('Booking bekræftet!')).toBeVisible();
    expect(calls.create).toHaveLength(1);
    expect(calls.create[0]!.body).toMatchObject({
      customerName: 'An',
      customerEmail: 'soren@gmail.com',
      customerPhone: '21 34 56 78',
    });
  });

  it('says what is wrong now when a marked field is left still wrong', async () => {
    const { user } = renderBookingForm();
    await chooseServiceDateAndTime(user);
    await typeCustomer(user, { name: 'A', email: 'ane@example.dk', phone: '21 34 56 78' });
    await user.click(submitButton());
    await waitFor(() => expectMarked(name(), NAME));
    expectUnmarked(email());
    expectUnmarked(phone());
    expect(name()).toHaveFocus();
    // long enough now, but no letters: the old message stays while typing, the new one on leaving
    await user.clear(name());
    await user.type(name(), '1234');
    expectMarked(name(), NAME);
    await user.tab();
    expectMarked(name(), NAME_LETTER);
    expect(calls.create).toHaveLength(0);
  });

  it('marks a field the server still refuses, instead of the booking-failure toast', async () => {
    server.use(
      http.post(`${API}/functions/v1/create-booking`, async ({ request }) => {
        await record(calls.create, request);
        return HttpResponse.json({ error: EMAIL, field: 'customerEmail' }, { status: 400 });
      }),
    );
    const { user } = renderBookingForm();
    await chooseServiceDateAndTime(user);
    await typeCustomer(user, {
      name: 'Søren Berg',
      email: 'soren@gmail.con',
      phone: '21 34 56 78',
    });
    await user.click(submitButton());

    await waitFor(() => expectMarked(email(), EMAIL));
    await waitFor(() => expect(email()).toHaveFocus());
    expectUnmarked(name());
    expectUnmarked(phone());
    expect(calls.create).toHaveLength(1);
    expect(screen.queryByText('Fejl ved booking')).toBeNull();
    expect(screen.queryByRole('button', { name: /^Ring og book/ })).toBeNull();
    // the form is kept, and the field clears once it is edited into what the rule takes
    expect(screen.getByRole('combobox', { name: 'Tidspunkt' })).toHaveTextContent('09:00');
    await user.clear(email());
    await user.type(email(), 'soren@gmail.com');
    expectUnmarked(email());
  });

  it('keeps the toast for what only the server can say (a refusal without a field)', async () => {
    const cap =
      'Du har allerede det antal bookinger, vi kan tage imod online på denne e-mailadresse eller dette telefonnummer. Ring til os på +45 12 34 56 78, så hjælper vi dig.';
    server.use(
      http.post(`${API}/functions/v1/create-booking`, async ({ request }) => {
        await record(calls.create, request);
        return HttpResponse.json({ error: cap }, { status: 429 });
      }),
    );
    const { user } = renderBookingForm();
    await chooseServiceDateAndTime(user);
    await typeCustomer(user, {
      name: 'Søren Berg',
      email: 'soren@gmail.com',
      phone: '21 34 56 78',
    });
    await user.click(submitButton());
    expect(await screen.findByText('Fejl ved booking')).toBeVisible();
    expect(screen.getByText(cap)).toBeVisible();
    for (const field of [name(), email(), phone()]) expectUnmarked(field);
  });
});
