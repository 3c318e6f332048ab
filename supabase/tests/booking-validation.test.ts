// The shared input rules of the booking functions (supabase/functions/_shared/validation.ts, with
// the customer's fields' rules from customer-rules.ts, which the booking form runs too). Pure: no
// database, no Deno.
import { describe, expect, it } from 'vitest';
import { CUSTOMER_FIELDS, customerFieldErrors } from '../functions/_shared/customer-rules.ts';
import { MESSAGES } from '../functions/_shared/messages.ts';
import {
  copenhagenIso,
  isDate,
  isEmail,
  isPhone,
  PHONE_MAX,
  validateBookingRequest,
  validateSlotsRequest,
} from '../functions/_shared/validation.ts';

const SERVICE = '5a1f0001-0000-4000-8000-000000000002';
const valid = {
  serviceId: SERVICE,
  customerName: '  Ane Jensen ',
  customerEmail: 'ane@example.dk',
  customerPhone: '+45 20  34 56 78',
  bookingDate: '2026-12-01',
  bookingTime: '09:30',
};

describe('isDate', () => {
  it('accepts real yyyy-MM-dd dates, leap days included', () => {
    expect(['2026-12-01', '2028-02-29', '2027-01-31'].every(isDate)).toBe(true);
  });
  it('rejects impossible or differently written dates', () => {
    for (const d of [
      '2027-02-29',
      '2026-04-31',
      '2026-13-01',
      '2026-1-05',
      '01-12-2026',
      '2026-12-01T00:00',
      20261201,
    ]) {
      expect(isDate(d)).toBe(false);
    }
  });
});

describe('isEmail', () => {
  it('accepts ordinary addresses', () => {
    expect(isEmail('a.b+c@sub.example.dk')).toBe(true);
  });
  it('rejects addresses without a proper domain, with spaces, double dots or over 254 characters', () => {
    for (const e of [
      'ane@',
      'ane@dk',
      'a ne@example.dk',
      'a..b@example.dk',
      '.a@example.dk',
      `${'a'.repeat(65)}@example.dk`,
    ]) {
      expect(isEmail(e)).toBe(false);
    }
    expect(isEmail(`${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(3)}${'c'.repeat(3)}.dk`)).toBe(
      true,
    );
    expect(isEmail(`${'a'.repeat(64)}@${`${'b'.repeat(60)}.`.repeat(3)}${'c'.repeat(4)}.dk`)).toBe(
      false,
    );
  });
});

describe('isPhone', () => {
  // the whole rule is held to the SQL phone_e164 by phone-rule.test.ts; here the function's use
  it('accepts every way of writing a Danish number and a foreign one with + or 00', () => {
    for (const p of ['20345678', '20 34 56 78', '4520345678', '+45 20 34 56 78', '0046701234567']) {
      expect(isPhone(p), p).toBe(true);
    }
  });
  it('refuses what is no phone number', () => {
    for (const p of ['12345678', '2034567', '201122334', '+45 2011223', '00000000', '001234567']) {
      expect(isPhone(p), p).toBe(false);
    }
  });
});

describe('validateBookingRequest', () => {
  it('trims and normalises a valid request', () => {
    expect(validateBookingRequest(valid)).toEqual({
      ok: true,
      value: {
        serviceId: SERVICE,
        customerName: 'Ane Jensen',
        customerEmail: 'ane@example.dk',
        customerPhone: '+4520345678',
        bookingDate: '2026-12-01',
        bookingTime: '09:30',
        notes: '',
        carPlate: '',
        sms: false,
        carSize: '',
        addonIds: [],
        idempotencyKey: null,
        honeypot: false,
      },
    });
  });

  it('takes the car size and the add-ons as the form chooses them, and never a price or a length', () => {
    const A = 'ad0d0001-0000-4000-8000-000000000001';
    const B = 'AD0D0001-0000-4000-8000-000000000004';
    const r = validateBookingRequest({ ...valid, carSize: ' Stor-Bil ', addonIds: [A, B] });
    expect(r.ok && [r.value.carSize, r.value.addonIds]).toEqual(['stor-bil', [A, B.toLowerCase()]]);
    // the browser's total is never read: a body that carries one is refused whole
    for (const forged of [{ price: 1 }, { durationMinutes: 15 }, { total: 0 }]) {
      expect(validateBookingRequest({ ...valid, ...forged })).toEqual({
        ok: false,
        error: MESSAGES.unknownField,
      });
    }
    for (const carSize of ['stor bil', 'x'.repeat(61), 7, {}, 'æ']) {
      expect(validateBookingRequest({ ...valid, carSize }), String(carSize)).toEqual({
        ok: false,
        error: MESSAGES.carSize,
      });
    }
    for (const addonIds of [
      A,
      [A, A.toUpperCase()],
      ['motorvask'],
      [null],
      Array.from(
        { length: 21 },
        (_, i) => `ad0d0001-0000-4000-8000-${String(i).padStart(12, '0')}`,
      ),
    ]) {
      expect(validateBookingRequest({ ...valid, addonIds }), JSON.stringify(addonIds)).toEqual({
        ok: false,
        error: MESSAGES.addons,
      });
    }
  });

  it('counts characters, not UTF-16 units, for name and notes', () => {
    expect(validateBookingRequest({ ...valid, customerName: 'Å' + '😀'.repeat(99) }).ok).toBe(true);
    expect(validateBookingRequest({ ...valid, notes: 'æ'.repeat(1000) }).ok).toBe(true);
    expect(validateBookingRequest({ ...valid, notes: 'æ'.repeat(1001) })).toEqual({
      ok: false,
      error: MESSAGES.notes,
      field: 'notes',
    });
  });

  it('takes "Send mig SMS" as a boolean only', () => {
    const r = validateBookingRequest({ ...valid, sms: true });
    expect(r.ok && r.value.sms).toBe(true);
    for (const sms of ['ja', 1, null, {}]) {
      expect(validateBookingRequest({ ...valid, sms }).ok).toBe(sms === null);
    }
  });

  it('refuses hostile text in the car plate like in every field', () => {
    for (const carPlate of ['AB\u0000123', 'AB\u202e123', 'AB\n123']) {
      expect(validateBookingRequest({ ...valid, carPlate })).toEqual({
        ok: false,
        error: MESSAGES.forbiddenCharacter,
        field: 'carPlate',
      });
    }
  });

  it('trims the car plate and refuses one over 20 characters or not a string', () => {
    const r = validateBookingRequest({ ...valid, carPlate: '  AB 12 345 ' });
    expect(r.ok && r.value.carPlate).toBe('AB 12 345');
    expect(validateBookingRequest({ ...valid, carPlate: 'Æ'.repeat(20) }).ok).toBe(true);
    expect(validateBookingRequest({ ...valid, carPlate: 'Æ'.repeat(21) })).toEqual({
      ok: false,
      error: MESSAGES.carPlate,
      field: 'carPlate',
    });
    expect(validateBookingRequest({ ...valid, carPlate: 5 })).toEqual({
      ok: false,
      error: MESSAGES.carPlate,
      field: 'carPlate',
    });
  });

  it('refuses unknown fields, wrong types and control characters', () => {
    expect(validateBookingRequest({ ...valid, admin: true })).toEqual({
      ok: false,
      error: MESSAGES.unknownField,
    });
    expect(validateBookingRequest({ ...valid, customerName: 42 })).toEqual({
      ok: false,
      error: MESSAGES.name,
      field: 'customerName',
    });
    expect(validateBookingRequest({ ...valid, customerName: 'Ane\u0000' })).toEqual({
      ok: false,
      error: MESSAGES.forbiddenCharacter,
      field: 'customerName',
    });
    expect(validateBookingRequest({ ...valid, notes: 5 })).toEqual({
      ok: false,
      error: MESSAGES.notes,
      field: 'notes',
    });
    expect(validateBookingRequest({ ...valid, website: 5 })).toEqual({
      ok: false,
      error: MESSAGES.badRequest,
    });
    expect(validateBookingRequest(null)).toEqual({ ok: false, error: MESSAGES.badRequest });
  });

  it('takes the idempotency key from the header before the body field', () => {
    const r = validateBookingRequest(
      { ...valid, idempotencyKey: 'body-key-123' },
      'header-key-123',
    );
    expect(r.ok && r.value.idempotencyKey).toBe('header-key-123');
    expect(validateBookingRequest({ ...valid }, 'short')).toEqual({
      ok: false,
      error: MESSAGES.idempotencyKey,
    });
  });

  it('flags a filled-in honeypot', () => {
    const r = validateBookingRequest({ ...valid, website: 'http://spam' });
    expect(r.ok && r.value.honeypot).toBe(true);
  });
});

describe('characters no text field takes', () => {
  const refused = (body: Record<string, unknown>) => validateBookingRequest({ ...valid, ...body });

  it.each([
    ['NUL in the notes', { notes: 'Hund\u0000i bilen' }],
    ['a lone high surrogate in the name', { customerName: 'Ane \ud800 Jensen' }],
    ['a lone low surrogate in the name', { customerName: 'Ane \udfff Jensen' }],
    ['a lone surrogate in the notes', { notes: 'ok \ud800' }],
    ['a zero-width space inside the name', { customerName: 'Ane\u200bJensen' }],
    ['only zero-width spaces as name', { customerName: '\u200b\u200b' }],
    ['a line separator (Zl) in the name', { customerName: 'Ane\u2028Jensen' }],
    ['a paragraph separator (Zp) in the notes', { notes: 'a\u2029b' }],
    ['a right-to-left override (Cf) in the name', { customerName: 'Ane \u202eJensen' }],
    ['a next-line control (U+0085, Cc) in the name', { customerName: 'Ane\u0085Jensen' }],
    ['an escape character in the notes', { notes: 'a\u001b[31mb' }],
    ['a line feed in the car plate', { carPlate: 'AB\n12 345' }],
    ['a zero-width space in the car plate', { carPlate: 'AB\u200b12345' }],
  ])('refuses %s with a Danish 400 message, naming the field', (_case, body) => {
    expect(refused(body)).toEqual({
      ok: false,
      error: MESSAGES.forbiddenCharacter,
      field: Object.keys(body)[0],
    });
  });

  it('keeps line breaks and tabs in the notes, with CRLF made LF', () => {
    const r = refused({ notes: 'Linje 1\r\nLinje 2\tslut' });
    expect(r.ok && r.value.notes).toBe('Linje 1\nLinje 2\tslut');
  });

  it('wants a letter in the name', () => {
    for (const customerName of ['1234', '-- ..']) {
      expect(refused({ customerName })).toEqual({
        ok: false,
        error: MESSAGES.nameLetter,
        field: 'customerName',
      });
    }
    expect(refused({ customerName: 'Åse Ø' }).ok).toBe(true);
  });

  it('stores the phone as E.164 and refuses one that is no phone number', () => {
    for (const [typed, stored] of [
      ['45 20 55 44 33', '+4520554433'],
      ['(+45) 2055-4433', '+4520554433'],
      ['0046 70 123 45 67', '+46701234567'],
    ] as const) {
      const r = refused({ customerPhone: typed });
      expect(r.ok && r.value.customerPhone).toBe(stored);
    }
    const longest = refused({ customerPhone: '+1 234 567 890 123 45' });
    expect(longest.ok && longest.value.customerPhone.length).toBe(PHONE_MAX);
    for (const phone of ['00000000', '+45 2011223', '+1 234 567 890 123 456']) {
      expect(refused({ customerPhone: phone })).toEqual({
        ok: false,
        error: MESSAGES.phone,
        field: 'customerPhone',
      });
    }
  });

  it('refuses a name that carries a link, a web or an e-mail address', () => {
    for (const name of ['http://evil.example/phish', 'www.evil', 'Jens evil.dk', 'jens@evil']) {
      expect(refused({ customerName: name }), name).toEqual({
        ok: false,
        error: MESSAGES.nameLink,
        field: 'customerName',
      });
    }
    for (const name of ['Jens Hansen', "Anne-Marie O'Brien", 'J. Hansen']) {
      expect(refused({ customerName: name }).ok, name).toBe(true);
    }
  });
});

describe('validateSlotsRequest', () => {
  it('accepts date and serviceId, and the job’s size and add-ons, only', () => {
    expect(validateSlotsRequest({ date: '2026-12-01', serviceId: SERVICE })).toEqual({
      ok: true,
      value: { date: '2026-12-01', serviceId: SERVICE, carSize: '', addonIds: [] },
    });
    expect(
      validateSlotsRequest({
        date: '2026-12-01',
        serviceId: SERVICE,
        carSize: 'varebil',
        addonIds: ['ad0d0001-0000-4000-8000-000000000001'],
      }),
    ).toEqual({
      ok: true,
      value: {
        date: '2026-12-01',
        serviceId: SERVICE,
        carSize: 'varebil',
        addonIds: ['ad0d0001-0000-4000-8000-000000000001'],
      },
    });
    expect(validateSlotsRequest({ date: '2026-12-01', serviceId: SERVICE, carSize: '!' })).toEqual({
      ok: false,
      error: MESSAGES.carSize,
    });
    expect(validateSlotsRequest({ date: '2026-12-01', serviceId: SERVICE, x: 1 })).toEqual({
      ok: false,
      error: MESSAGES.unknownField,
    });
    expect(validateSlotsRequest({ date: '2026-12-32', serviceId: SERVICE })).toEqual({
      ok: false,
      error: MESSAGES.date,
    });
  });
});

describe('copenhagenIso', () => {
  it('writes the winter and summer offsets, on both DST Sundays', () => {
    expect(copenhagenIso('2026-12-01', '09:00')).toBe('2026-12-01T09:00:00+01:00');
    expect(copenhagenIso('2026-07-01', '09:00')).toBe('2026-07-01T09:00:00+02:00');
    expect(copenhagenIso('2026-03-29', '09:00')).toBe('2026-03-29T09:00:00+02:00');
    expect(copenhagenIso('2026-10-25', '09:00')).toBe('2026-10-25T09:00:00+01:00');
  });
});

describe('the customer fields all at once (customer-rules.ts, as the booking form checks them)', () => {
  const wrong = {
    customerName: 'A',
    customerEmail: 'soren@gmail',
    customerPhone: '1234',
    notes: 'x'.repeat(1001),
    carPlate: 'AB\u200b12345',
  } as const;

  it('finds every wrong field, each with the message the function refuses it with alone', () => {
    const errors = customerFieldErrors(wrong);
    expect(Object.keys(errors)).toEqual(CUSTOMER_FIELDS);
    for (const field of CUSTOMER_FIELDS) {
      expect(validateBookingRequest({ ...valid, [field]: wrong[field] }), field).toEqual({
        ok: false,
        error: errors[field],
        field,
      });
    }
    expect(errors).toEqual({
      customerName: MESSAGES.name,
      customerEmail: MESSAGES.email,
      customerPhone: MESSAGES.phone,
      notes: MESSAGES.notes,
      carPlate: MESSAGES.forbiddenCharacter,
    });
  });

  it('finds nothing wrong in a request the function takes', () => {
    expect(validateBookingRequest(valid).ok).toBe(true);
    expect(customerFieldErrors(valid)).toEqual({});
  });
});
