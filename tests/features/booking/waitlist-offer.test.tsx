// "Skriv mig op" under a chosen full day (waitlist-offer.tsx): the e-mail and the optional phone
// (for an SMS) checked by the server's own rules before anything is sent, each marked at its field, the proof of work sent with it and renewed after the answer,
// and the server's answers (written up, already on the list, a refusal in its own words). The
// backend is mocked at the network (msw), as in booking-form.test.tsx.
import './support/dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import WaitlistOffer from '~/features/booking/components/waitlist-offer';
import { NO_CHOICE, type JobChoice } from '~/lib/job';
import { API, server } from './support/backend';
import { bookingFormTests } from './support/lifecycle';

bookingFormTests(new Date('2026-11-23T10:00:00Z'));

const SERVICE = '00000000-0000-4000-8000-000000000001';
const DAY = '2026-12-10';

function renderOffer(job: JobChoice = NO_CHOICE) {
  const payload = vi.fn(() => Promise.resolve('bG9zbmluZw=='));
  const renew = vi.fn();
  const sent: unknown[] = [];
  const user = userEvent.setup();
  render(<WaitlistOffer serviceId={SERVICE} job={job} day={DAY} payload={payload} renew={renew} />);
  return { user, payload, renew, sent };
}

function answer(status: number, body: Record<string, unknown>, sent: unknown[]) {
  server.use(
    http.post(`${API}/functions/v1/join-waitlist`, async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json(body, { status });
    }),
  );
}

describe('"Skriv mig op" under a full day', () => {
  it('offers the day by name, refuses a wrong address at its field without sending, then writes up', async () => {
    const { user, payload, renew, sent } = renderOffer();
    answer(200, { day: DAY, serviceName: 'Sølvpakken', already: false }, sent);
    await user.click(
      screen.getByRole('button', { name: 'Skriv mig op til torsdag den 10. december 2026' }),
    );
    const field = screen.getByLabelText('Din e-mail');
    await user.type(field, 'ole@eksempel');
    await user.click(screen.getByRole('button', { name: 'Skriv mig op' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Indtast en gyldig e-mailadresse.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    expect(payload).not.toHaveBeenCalled();

    await user.clear(field);
    await user.type(field, ' ole@eksempel.dk {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Du er skrevet op til torsdag den 10. december 2026. Vi sender dig en mail, hvis der bliver en tid ledig.',
    );
    expect(sent).toEqual([
      { serviceId: SERVICE, day: DAY, customerEmail: 'ole@eksempel.dk', altcha: 'bG9zbmluZw==' },
    ]);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('signs up for the job the day is full for: the car size and the add-ons go with it', async () => {
    const addon = '00000000-0000-4000-8000-0000000000a1';
    const { user, sent } = renderOffer({ carSize: 'stor-bil', addonIds: [addon] });
    answer(200, { day: DAY, serviceName: 'Sølvpakken', already: false }, sent);
    await user.click(screen.getByRole('button', { name: /^Skriv mig op til/ }));
    await user.type(screen.getByLabelText('Din e-mail'), 'ole@eksempel.dk{Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(/^Du er skrevet op/);
    expect(sent).toEqual([
      {
        serviceId: SERVICE,
        day: DAY,
        customerEmail: 'ole@eksempel.dk',
        carSize: 'stor-bil',
        addonIds: [addon],
        altcha: 'bG9zbmluZw==',
      },
    ]);
  });

  it('says so when the address was on the list already', async () => {
    const { user, sent } = renderOffer();
    answer(200, { day: DAY, serviceName: 'Sølvpakken', already: true }, sent);
    await user.click(screen.getByRole('button', { name: /^Skriv mig op til/ }));
    await user.type(screen.getByLabelText('Din e-mail'), 'ole@eksempel.dk');
    await user.click(screen.getByRole('button', { name: 'Skriv mig op' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      /^Du står allerede på ventelisten til torsdag den 10\. december 2026\./,
    );
  });

  it('shows the server’s refusal as it is, keeps the address and lets the visitor try again', async () => {
    const { user, renew, sent } = renderOffer();
    const refusal = 'Ventelisten til den dag er fuld. Vælg en anden dag, eller ring til os.';
    answer(429, { error: refusal }, sent);
    await user.click(screen.getByRole('button', { name: /^Skriv mig op til/ }));
    await user.type(screen.getByLabelText('Din e-mail'), 'ole@eksempel.dk');
    await user.click(screen.getByRole('button', { name: 'Skriv mig op' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.getByLabelText('Din e-mail')).toHaveValue('ole@eksempel.dk');
    expect(screen.getByRole('button', { name: 'Skriv mig op' })).toBeEnabled();
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('takes an optional phone for an SMS: a wrong one is marked at its field with the booking form’s message, a right one is sent', async () => {
    const { user, payload, sent } = renderOffer();
    answer(200, { day: DAY, serviceName: 'Sølvpakken', already: false }, sent);
    await user.click(screen.getByRole('button', { name: /^Skriv mig op til/ }));
    const email = screen.getByLabelText('Din e-mail');
    const phone = screen.getByLabelText('Send mig også en SMS: dit mobilnummer (valgfrit)');
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone).toHaveAccessibleDescription(/også vil have beskeden med linket på SMS/);
    // both fields wrong: both marked at once, nothing sent
    await user.type(email, 'ole@eksempel');
    await user.type(phone, '12 34');
    await user.click(screen.getByRole('button', { name: 'Skriv mig op' }));
    const phoneMessage =
      'Indtast et gyldigt telefonnummer: 8 cifre, f.eks. 20 11 22 33, eller et udenlandsk nummer med landekode, f.eks. +46 70 123 45 67.';
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(phoneMessage));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(sent).toEqual([]);
    expect(payload).not.toHaveBeenCalled();

    await user.clear(email);
    await user.type(email, 'ole@eksempel.dk');
    await user.clear(phone);
    await user.type(phone, ' 20 11 22 33 {Enter}');
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Du er skrevet op til torsdag den 10. december 2026. Vi sender dig en mail og en SMS, hvis der bliver en tid ledig.',
    );
    expect(sent).toEqual([
      {
        serviceId: SERVICE,
        day: DAY,
        customerEmail: 'ole@eksempel.dk',
        customerPhone: '20 11 22 33',
        altcha: 'bG9zbmluZw==',
      },
    ]);
  });

  it('marks the phone field when the server refuses the phone', async () => {
    const { user, sent } = renderOffer();
    const refusal = 'Indtast et gyldigt telefonnummer.';
    answer(400, { error: refusal, field: 'customerPhone' }, sent);
    await user.click(screen.getByRole('button', { name: /^Skriv mig op til/ }));
    await user.type(screen.getByLabelText('Din e-mail'), 'ole@eksempel.dk');
    const phone = screen.getByLabelText(/Send mig også en SMS/);
    await user.type(phone, '+46 70 123 45 67');
    await user.click(screen.getByRole('button', { name: 'Skriv mig op' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    expect(phone).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(screen.getByLabelText('Din e-mail')).not.toHaveAttribute('aria-invalid');
    expect(sent).toHaveLength(1);
  });
});
