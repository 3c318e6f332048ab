import { describe, expect, it } from 'vitest';
import { bookingAnswer, replyMessage } from '~/features/booking/api/booking-answer';

const reference = (body: Record<string, unknown>) =>
  typeof body.reference === 'string' ? body.reference : null;

describe('bookingAnswer: what create-booking and reschedule-booking answers mean to the page', () => {
  it('is ok with the booking a 2xx carries', () => {
    expect(bookingAnswer({ status: 201, body: { reference: 'K7M2QX9D' } }, reference)).toEqual({
      kind: 'ok',
      value: 'K7M2QX9D',
    });
    expect(bookingAnswer({ status: 200, body: { reference: 'K7M2QX9D' } }, reference).kind).toBe(
      'ok',
    );
  });

  it('is an error when a 2xx carries no booking, or no JSON', () => {
    expect(bookingAnswer({ status: 200, body: {} }, reference)).toEqual({
      kind: 'error',
      status: 200,
    });
    expect(bookingAnswer({ status: 201, body: null }, reference)).toEqual({
      kind: 'error',
      status: 201,
    });
  });

  it('says the time was taken on a 409, with the server message when it sent one', () => {
    expect(
      bookingAnswer(
        { status: 409, body: { error: 'Tiden er optaget.', code: 'conflict' } },
        reference,
      ),
    ).toEqual({ kind: 'taken', status: 409, message: 'Tiden er optaget.' });
    expect(bookingAnswer({ status: 409, body: null }, reference)).toEqual({
      kind: 'taken',
      status: 409,
      message: undefined,
    });
  });

  it('is rejected with the Danish message of any other refusal', () => {
    for (const status of [400, 413, 422, 429, 500]) {
      expect(bookingAnswer({ status, body: { error: 'Prøv igen.' } }, reference)).toEqual({
        kind: 'rejected',
        status,
        message: 'Prøv igen.',
      });
    }
  });

  it('names the customer field a refusal is about, when the server names one', () => {
    expect(
      bookingAnswer(
        {
          status: 400,
          body: { error: 'Indtast en gyldig e-mailadresse.', field: 'customerEmail' },
        },
        reference,
      ),
    ).toEqual({
      kind: 'rejected',
      status: 400,
      message: 'Indtast en gyldig e-mailadresse.',
      field: 'customerEmail',
    });
    // no field, or not a string: a refusal of the booking as a whole
    for (const field of [undefined, '', 7]) {
      expect(bookingAnswer({ status: 400, body: { error: 'Nej.', field } }, reference)).toEqual({
        kind: 'rejected',
        status: 400,
        message: 'Nej.',
      });
    }
  });

  it('is an error without an answer or without a message', () => {
    expect(bookingAnswer({ body: null }, reference)).toEqual({ kind: 'error' });
    expect(bookingAnswer({ status: 500, body: null }, reference)).toEqual({
      kind: 'error',
      status: 500,
    });
    expect(bookingAnswer({ status: 400, body: { error: '  ' } }, reference)).toEqual({
      kind: 'error',
      status: 400,
    });
  });

  it('reads only a non-empty string as the message', () => {
    expect(replyMessage({ error: 'Vælg en gyldig dato.' })).toBe('Vælg en gyldig dato.');
    expect(replyMessage({ error: 42 })).toBeUndefined();
    expect(replyMessage({ error: '' })).toBeUndefined();
    expect(replyMessage(null)).toBeUndefined();
  });
});
