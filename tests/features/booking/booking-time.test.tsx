// One booking's time, shown everywhere it is shown: the booking form (summary and confirmation),
// the move page /flyt, the cancel page /afbestil, the e-mails (body and subject) and the owner's
// calendar feed. Each place is rendered as it is in use, and all must write the same words in the
// site's one style. (supabase/tests/danish-dates.test.ts holds the browser's and Deno's date
// modules to each other for every day of two years, also as Deno runs them.)
import { render, screen, within } from '@testing-library/react';
import ICAL from 'ical.js';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BookingConfirmation } from '~/features/booking/components/booking-confirmation';
import { BookingSummary } from '~/features/booking/components/booking-summary';
import MoveContent from '~/features/booking/components/move-content';
import { bookingSummary } from '~/features/booking/rules/summary';
import CancelContent from '~/features/cancel/components/cancel-content';
import {
  renderEmail,
  type OutboxMessage,
} from '../../../supabase/functions/_shared/email/templates';
import { buildOwnerFeed } from '../../../supabase/functions/_shared/owner-calendar';

// an 18-hour polish dropped off on a Thursday is ready on the Friday (a later day: the ready time
// is written in full everywhere, by the same multi-day rules as before)
const DROP_OFF = '2026-12-10T09:00:00+01:00';
const READY_AT = '2026-12-11T16:00:00+01:00';
const WHEN = 'torsdag den 10. december 2026 kl. 09:00';
const READY = 'fredag den 11. december 2026 kl. 16:00';

const booking = {
  reference: 'K7M2QX9D',
  serviceId: '00000000-0000-4000-8000-000000000006',
  serviceName: 'Premiumpakken polering',
  price: 3600,
  dropOff: DROP_OFF,
  readyAt: READY_AT,
};

function renderIn(node: ReactNode) {
  return render(<MemoryRouter>{node}</MemoryRouter>);
}

/** The value beside a label in a definition list (a <dt> followed by its <dd>). */
function valueOf(list: HTMLElement, label: string): string {
  const term = within(list).getByText(label, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

function formSummary() {
  const summary = bookingSummary({
    service: { name: booking.serviceName, duration_minutes: 1080, price: booking.price },
    date: '2026-12-10',
    time: '09:00',
    readyAt: READY_AT,
  });
  const { unmount } = renderIn(<BookingSummary summary={summary} />);
  const region = screen.getByRole('region', { name: 'Oversigt' });
  // the spec's summary has a date row and a time row: together they are the booking's time
  const result = {
    when: `${valueOf(region, 'Dato')} ${valueOf(region, 'Aflevering')}`,
    ready: valueOf(region, 'Klar til afhentning'),
  };
  unmount();
  return result;
}

function formConfirmation() {
  const { unmount } = renderIn(
    <BookingConfirmation
      booking={{
        reference: booking.reference,
        service: { id: booking.serviceId, name: booking.serviceName },
        dropOff: DROP_OFF,
        readyAt: READY_AT,
      }}
      price={booking.price}
      onBookAgain={() => undefined}
    />,
  );
  const region = screen.getByRole('region', { name: 'Din booking er bekræftet' });
  const result = {
    when: valueOf(region, 'Aflevering'),
    ready: valueOf(region, 'Klar til afhentning'),
  };
  unmount();
  return result;
}

/** The details card of the pages behind the e-mail links. */
function linkPageDetails(node: ReactNode) {
  const { unmount } = renderIn(node);
  const result = {
    when: screen.getByTestId('cancel-Aflevering').textContent,
    ready: screen.getByTestId('cancel-Klar til afhentning').textContent,
  };
  unmount();
  return result;
}

function movePage() {
  return linkPageDetails(
    <MoveContent
      // a cancelled booking: the page shows it without the move form (and its data layer)
      answer={{
        kind: 'booking',
        state: 'cancelled',
        booking: { ...booking, moveDeadline: '2026-12-09T09:00:00+01:00', movesLeft: 2 },
      }}
      token={'ab'.repeat(32)}
      onAnswer={() => undefined}
    />,
  );
}

function cancelPage() {
  return linkPageDetails(
    <CancelContent
      answer={{
        kind: 'booking',
        state: 'active',
        booking: { ...booking, cancelDeadline: '2026-12-09T09:00:00+01:00', cancelledAt: null },
      }}
      token={'cd'.repeat(32)}
      onAnswer={() => undefined}
    />,
  );
}

function message(kind: OutboxMessage['kind']): OutboxMessage {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    kind,
    recipient: kind.startsWith('owner') ? null : 'kunde@example.dk',
    idempotencyKey: `${kind}:x`,
    attempts: 1,
    createdAt: '2026-12-01T09:00:00.123+00:00',
    payload: {
      ...booking,
      customerName: 'Mette Hansen',
      customerEmail: 'kunde@example.dk',
      customerPhone: '+45 11 22 33 44',
      notes: '',
      cancelToken: 'a'.repeat(64),
    },
  };
}

const CONTEXT = {
  siteUrl: 'https://glanspunkt.example/',
  openingHours: [],
  cancellationNoticeHours: 24,
  maxMovesPerBooking: 3,
  bookingWindowDays: { min: 1, max: 60 },
  ownerEmail: 'ejer@glanspunkt.example',
};

/** The rest of the text line that starts with `label:` (the e-mails' text part, the feed). */
function lineValue(text: string, label: string): string {
  return new RegExp(`^${label}:\\s*(.*)$`, 'm').exec(text)?.[1] ?? '';
}

function emails() {
  const customer = renderEmail(message('booking_confirmation'), CONTEXT);
  const owner = renderEmail(message('owner_notification'), CONTEXT);
  return {
    customer: {
      when: lineValue(customer.text, 'Aflevering'),
      ready: lineValue(customer.text, 'Klar til afhentning'),
    },
    customerSubject: /^Bookingbekræftelse: Premiumpakken polering (.*)$/.exec(
      customer.subject,
    )?.[1],
    owner: {
      when: lineValue(owner.text, 'Aflevering'),
      ready: lineValue(owner.text, 'Klar til afhentning'),
    },
    ownerSubject: /^Ny booking: Premiumpakken polering (.*) – Mette Hansen$/.exec(
      owner.subject,
    )?.[1],
  };
}

function ownerFeed() {
  const text = buildOwnerFeed([
    {
      ...booking,
      status: 'confirmed',
      customerName: 'Mette Hansen',
      customerPhone: '+45 11 22 33 44',
      customerEmail: 'kunde@example.dk',
      notes: '',
      carPlate: '',
      sequence: 0,
      createdAt: '2026-12-01T09:00:00Z',
      updatedAt: '2026-12-01T09:00:00Z',
      periods: [
        [DROP_OFF, '2026-12-10T20:00:00+01:00'],
        ['2026-12-11T08:00:00+01:00', READY_AT],
      ],
    },
  ]);
  const event = new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!;
  const description = String(event.getFirstPropertyValue('description'));
  return {
    when: lineValue(description, 'Aflevering'),
    ready: lineValue(description, 'Klar til afhentning'),
  };
}

describe("one booking's time, everywhere it is shown", () => {
  it('is written alike by the form, /flyt, /afbestil, the e-mails and the feed', () => {
    const mails = emails();
    const shown = {
      formSummary: formSummary(),
      formConfirmation: formConfirmation(),
      movePage: movePage(),
      cancelPage: cancelPage(),
      customerEmail: mails.customer,
      ownerEmail: mails.owner,
      ownerFeed: ownerFeed(),
    };
    const same = { when: WHEN, ready: READY };
    expect(shown).toEqual({
      formSummary: same,
      formConfirmation: same,
      movePage: same,
      cancelPage: same,
      customerEmail: same,
      ownerEmail: same,
      ownerFeed: same,
    });
    expect({ customer: mails.customerSubject, owner: mails.ownerSubject }).toEqual({
      customer: WHEN,
      owner: WHEN,
    });
  });
});
