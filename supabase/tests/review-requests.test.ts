// The review request after pickup: queued when the owner marks the car afhentet, for 10:00 the
// next Copenhagen morning, with the owner's link; nothing without the link, nothing after a
// correction before the send time, never twice for one booking, never to an address that said
// "Nej tak"; the owner's link refused in Danish unless https. Every time is passed as `now`.
// Runs on PGlite and on PostgreSQL 15.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { renderEmail, type OutboxMessage } from '../functions/_shared/email/templates.ts';
import { seededSiteData } from '../../tests/support/site-data.ts';
import { BACKENDS, SERVICE, book, refusal, withRollback, type Tx } from './helpers/sql.ts';

// Tuesday 1 December 2026, 10:00 in Copenhagen; the job is on Thursday 3 December
const NOW = '2026-12-01T10:00:00+01:00';
const DAY = '2026-12-03';
/** The car is ready at 11:00 and picked up at 17:30 on the day. */
const READY = `${DAY}T11:00:00+01:00`;
const PICKED_UP = `${DAY}T17:30:00+01:00`;
/** 10:00 Copenhagen the morning after the pickup. */
const NEXT_MORNING = '2026-12-04T09:00:00.000Z';
const LINK = 'https://g.page/r/glanspunkt-kolding/review';

async function booked(tx: Tx, email: string, time = '10:00') {
  const r = await book(tx, { serviceId: SERVICE.guld, date: DAY, time, now: NOW, email });
  expect(r.status).toBe('created');
  return tx.one<{ id: string; reference: string }>(
    'select id, reference from public.bookings where reference = $1',
    [r.reference],
  );
}

function setStatus(tx: Tx, id: string, status: string, now: string) {
  return tx.one('select (public.booking_set_status($1, $2, $3::timestamptz)).status', [
    id,
    status,
    now,
  ]);
}

async function collect(tx: Tx, id: string, at = PICKED_UP) {
  await setStatus(tx, id, 'ready', READY);
  await setStatus(tx, id, 'collected', at);
}

function setLink(tx: Tx, url: string | null) {
  return tx.exec(
    `update public.review_settings set review_url = ${url === null ? 'null' : `'${url}'`}`,
  );
}

function requests(tx: Tx, id: string) {
  return tx.rows<{
    status: string;
    recipient: string;
    next_attempt_at: Date;
    payload: Record<string, string>;
    last_error: string | null;
  }>(
    `select o.status, o.recipient, o.next_attempt_at, o.payload, o.last_error
       from public.email_outbox o
      where o.booking_id = $1 and o.kind = 'review_request' order by o.created_at`,
    [id],
  );
}

function optOut(tx: Tx, token: string, now = '2026-12-04T12:00:00+01:00') {
  return tx.one<{ answer: string }>('select public.review_opt_out($1, $2::timestamptz) answer', [
    token,
    now,
  ]);
}

describe.each(BACKENDS)('review requests on %s', (backend) => {
  const t = useTestDatabase({ backend });

  it('sends nothing while the owner has no review link', async () => {
    await withRollback(t, async (tx) => {
      const b = await booked(tx, 'ingen-link@example.dk');
      await collect(tx, b.id);
      expect(await requests(tx, b.id)).toEqual([]);
    });
  });

  it('queues one request for 10:00 the next morning with the link, to the customer', async () => {
    await withRollback(t, async (tx) => {
      await setLink(tx, LINK);
      const b = await booked(tx, 'Kunde@Example.dk');
      await collect(tx, b.id);
      const [request, ...more] = await requests(tx, b.id);
      expect(more).toEqual([]);
      expect(request).toMatchObject({ status: 'pending', recipient: 'Kunde@Example.dk' });
      expect(request!.next_attempt_at.toISOString()).toBe(NEXT_MORNING);
      expect(request!.payload).toMatchObject({ reference: b.reference, reviewUrl: LINK });
      expect(request!.payload.optOutToken).toMatch(/^[0-9a-f]{64}$/);
      // only the token's hash is kept beside the booking
      const stored = await tx.one<{ hash: string }>(
        'select opt_out_token_hash hash from public.review_requests where booking_id = $1',
        [b.id],
      );
      expect(stored.hash).not.toBe(request!.payload.optOutToken);
    });
  });

  it('picked up just before midnight in winter and summer: still the next morning at 10:00', async () => {
    expect(
      (
        await t.db.query<{ at: Date }>(
          "select public.review_request_send_at('2026-12-03T23:59:00+01:00') at",
        )
      ).rows[0]!.at.toISOString(),
    ).toBe('2026-12-04T09:00:00.000Z');
    // the DST Sunday of March: 10:00 on the Monday is 08:00 UTC
    expect(
      (
        await t.db.query<{ at: Date }>(
          "select public.review_request_send_at('2027-03-28T01:30:00+01:00') at",
        )
      ).rows[0]!.at.toISOString(),
    ).toBe('2027-03-29T08:00:00.000Z');
  });

  it('holds the request back when afhentet is undone before the send time, and queues it again once', async () => {
    await withRollback(t, async (tx) => {
      await setLink(tx, LINK);
      const b = await booked(tx, 'fortryd@example.dk');
      await collect(tx, b.id);
      await setStatus(tx, b.id, 'ready', `${DAY}T17:35:00+01:00`);
      expect(await requests(tx, b.id)).toMatchObject([
        { status: 'cancelled', last_error: 'bilen er klar' },
      ]);
      // picked up for real later: one request again, never two
      await setStatus(tx, b.id, 'collected', `${DAY}T18:00:00+01:00`);
      expect((await requests(tx, b.id)).map((r) => r.status)).toEqual(['pending']);
    });
  });

  it('never sends a second request for a booking once one went out', async () => {
    await withRollback(t, async (tx) => {
      await setLink(tx, LINK);
      const b = await booked(tx, 'en-gang@example.dk');
      await collect(tx, b.id);
      await tx.exec(
        "update public.email_outbox set status = 'sent', sent_at = now() where kind = 'review_request'",
      );
      await setStatus(tx, b.id, 'ready', '2026-12-04T11:00:00+01:00');
      await setStatus(tx, b.id, 'collected', '2026-12-04T12:00:00+01:00');
      expect((await requests(tx, b.id)).map((r) => r.status)).toEqual(['sent']);
    });
  });

  it('records "Nej tak": the waiting request is held back and no later booking gets one', async () => {
    await withRollback(t, async (tx) => {
      await setLink(tx, LINK);
      const first = await booked(tx, 'Nej.Tak@example.dk');
      await collect(tx, first.id);
      const [request] = await requests(tx, first.id);
      expect(await optOut(tx, request!.payload.optOutToken!)).toEqual({ answer: 'recorded' });
      expect(await requests(tx, first.id)).toMatchObject([
        { status: 'cancelled', last_error: 'kunden har sagt nej tak' },
      ]);
      // the same link again changes nothing
      expect(await optOut(tx, request!.payload.optOutToken!)).toEqual({ answer: 'recorded' });
      expect(await tx.rows('select email from public.review_opt_outs order by email')).toEqual([
        { email: 'nej.tak@example.dk' },
      ]);
      // the same customer, another booking, the address typed in other letters: nothing queued
      const second = await booked(tx, 'nej.tak@EXAMPLE.dk', '14:00');
      await collect(tx, second.id, `${DAY}T19:00:00+01:00`);
      expect(await requests(tx, second.id)).toEqual([]);
    });
  });

  it('answers unknown for a token no request has', async () => {
    await withRollback(t, async (tx) => {
      expect(await optOut(tx, 'a'.repeat(64))).toEqual({ answer: 'unknown' });
      expect(await tx.rows('select * from public.review_opt_outs')).toEqual([]);
    });
  });

  it('an emptied link holds back the waiting requests; a changed one is what they link to', async () => {
    await withRollback(t, async (tx) => {
      await setLink(tx, LINK);
      const a = await booked(tx, 'tom@example.dk');
      await collect(tx, a.id);
      await setLink(tx, 'https://www.trustpilot.com/review/glanspunkt.dk');
      expect((await requests(tx, a.id))[0]!.payload.reviewUrl).toBe(
        'https://www.trustpilot.com/review/glanspunkt.dk',
      );
      await setLink(tx, null);
      expect(await requests(tx, a.id)).toMatchObject([
        { status: 'cancelled', last_error: 'review_url er tømt' },
      ]);
    });
  });

  it('refuses a link that is not https, in Danish, and keeps the one row', async () => {
    await withRollback(t, async (tx) => {
      for (const wrong of [
        'http://g.page/r/glanspunkt',
        'g.page/r/glanspunkt',
        'https://',
        'https://g page/r',
        'javascript:alert(1)',
        `https://example.dk/${'x'.repeat(500)}`,
      ]) {
        const r = await refusal(tx, 'update public.review_settings set review_url = $1', [wrong]);
        expect(r.message, wrong).toMatch(/^review_url skal være en https-adresse/);
      }
      // empty is off, surrounding blanks are dropped
      await tx.exec("update public.review_settings set review_url = '   '");
      expect(await tx.one('select review_url from public.review_settings')).toEqual({
        review_url: null,
      });
      await tx.exec(`update public.review_settings set review_url = '  ${LINK}  '`);
      expect(await tx.one('select review_url from public.review_settings')).toEqual({
        review_url: LINK,
      });
      const deleted = await refusal(tx, 'delete from public.review_settings');
      expect(deleted.message).toMatch(/^Rækken slettes ikke/);
      const second = await refusal(
        tx,
        'insert into public.review_settings (id, review_url) values (false, null)',
      );
      expect(second.code).toBe('23505');
    });
  });

  it('renders a short Danish e-mail with the review link and the one-tap "Nej tak" link', async () => {
    await withRollback(t, async (tx) => {
      await setLink(tx, LINK);
      const b = await booked(tx, 'mail@example.dk');
      await collect(tx, b.id);
      const [request] = await requests(tx, b.id);
      const message: OutboxMessage = {
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'review_request',
        recipient: request!.recipient,
        payload: request!.payload,
        idempotencyKey: `review_request:${b.id}`,
        attempts: 0,
        createdAt: NOW,
      };
      const mail = renderEmail(message, {
        siteUrl: 'https://glanspunkt.example/',
        openingHours: seededSiteData.openingHours,
        cancellationNoticeHours: 24,
        ownerEmail: 'ejer@glanspunkt.example',
      });
      expect(mail.subject).toBe('Tak for besøget hos Glanspunkt');
      expect(mail.html).toContain(`href="${LINK}"`);
      const optOutLink = `https://glanspunkt.example/nej-tak?token=${request!.payload.optOutToken}`;
      expect(mail.html).toContain(`href="${optOutLink}"`);
      expect(mail.html).toContain('Nej tak til den slags beskeder');
      expect(mail.text).toContain(LINK);
      expect(mail.text).toContain(optOutLink);
    });
  });
});
