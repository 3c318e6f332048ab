// The one phone rule and the one link rule, each written twice (TypeScript for the edge functions,
// SQL for the database), held equal: one table of inputs runs through both, on PGlite and on
// PostgreSQL 15. The TypeScript side is what the create-booking validation and the SMS sender's
// msisdn use; the SQL side is what the bookings trigger, create_booking, the no-show and contact
// caps, the request fingerprint and sms_number use.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '../../local/testing/hooks.ts';
import { phoneE164 } from '../functions/_shared/phone.ts';
import { msisdn } from '../functions/_shared/sms/gatewayapi.ts';
import { hasLink, isPhone, normalisePhone } from '../functions/_shared/validation.ts';
import { BACKENDS } from './helpers/sql.ts';

/** Input → its stored form, or null when it is not a phone number. */
const PHONES: [string, string | null][] = [
  // every way of writing one Danish number is that number
  ['20554433', '+4520554433'],
  ['20 55 44 33', '+4520554433'],
  ['+4520554433', '+4520554433'],
  ['+45 20 55 44 33', '+4520554433'],
  ['004520554433', '+4520554433'],
  ['0045 20 55 44 33', '+4520554433'],
  ['4520554433', '+4520554433'],
  ['45 20 55 44 33', '+4520554433'],
  ['20-55-44-33', '+4520554433'],
  ['(+45) 2055 4433', '+4520554433'],
  ['+45 (20) 55.44.33', '+4520554433'],
  ['2055\u00a04433', '+4520554433'],
  ['  20554433  ', '+4520554433'],
  ['99999999', '+4599999999'],
  // foreign numbers: with + or 00, E.164, 8-15 digits in all
  ['+46 70 123 45 67', '+46701234567'],
  ['0046701234567', '+46701234567'],
  ['+1 212 555 0100', '+12125550100'],
  ['+49 151 12345678', '+4915112345678'],
  ['+12345678', '+12345678'],
  ['+123456789012345', '+123456789012345'],
  // not a phone number
  ['00000000', null],
  ['001234567', null],
  ['201122334', null],
  ['+201122334', '+201122334'],
  ['+45 2011223', null],
  ['+4501234567', null],
  ['+4512345678', null],
  ['12345678', null],
  ['02055443', null],
  ['452055443', null],
  ['45205544331', null],
  ['+45205544331', null],
  ['2055443', null],
  ['+1234567', null],
  ['+1234567890123456', null],
  ['+0123456789', null],
  ['0001234567890', null],
  ['+', null],
  ['', null],
  ['ring mig', null],
  ['20554433 ext 1', null],
  ['2055 4433\t', null],
  ['20+554433', null],
  ['++4520554433', null],
  ['２０５５４４３３', null],
  [`${' '.repeat(33)}20554433`, null],
];

/** Text → whether it carries a link, a web or e-mail address. */
const LINKS: [string, boolean][] = [
  ['Jens Hansen', false],
  ['Anne-Marie O\u2019Brien', false],
  ["Anne-Marie O'Brien", false],
  ['J. Hansen', false],
  ['Jens Hansen jr.', false],
  ['Åse Ø. Mølgaard', false],
  ['Dr. med. P. Sørensen', false],
  ['Ole 2. sal', false],
  ['A. De Vries', false],
  ['Hansen & Søn ApS', false],
  ['http://evil.example/phish', true],
  ['https://evil.example', true],
  ['HTTP://EVIL', true],
  ['ftp://x', true],
  ['www.evil', true],
  ['WWW．evil', true],
  ['se evil.com nu', true],
  ['evil.dk', true],
  ['EVIL.DK', true],
  ['evil.online/x', true],
  ['evil。com', true],
  ['evil．com', true],
  ['jens@example', true],
  ['jens＠example', true],
  ['10.0.0.1', true],
  ['xn--80ak6aa92e', true],
  ['evil.comma', false],
  ['Hansen.Jensen', false],
];

describe.each(BACKENDS)(
  'one phone rule and one link rule in TypeScript and SQL on %s',
  (backend) => {
    const t = useTestDatabase({ backend });

    it('reads every phone number the same way in both (E.164 or null)', async () => {
      const inputs = PHONES.map(([input]) => input);
      const rows = await t.query<{ input: string; e164: string | null }>(
        `select input, public.phone_e164(input) e164 from unnest($1::text[]) with ordinality u(input, n) order by n`,
        [inputs],
      );
      const expected = PHONES.map(([input, e164]) => ({ input, e164 }));
      expect(rows).toEqual(expected);
      expect(inputs.map((input) => ({ input, e164: phoneE164(input) }))).toEqual(expected);
      // the function's validation and the SMS sender read by the same rule
      for (const [input, e164] of PHONES) {
        expect(isPhone(input), input).toBe(e164 !== null);
        if (e164 === null) {
          expect(() => msisdn(input), input).toThrow();
        } else {
          expect(normalisePhone(input)).toBe(e164);
          expect(msisdn(input)).toBe(Number(e164.slice(1)));
        }
      }
    });

    it('refuses an invalid phone in Danish and keeps it out of the message', async () => {
      for (const [input, e164] of PHONES) {
        const r = t.query<{ v: string }>('select public.phone_checked($1) v', [input]);
        if (e164 === null) {
          const refusal = await r.then(
            () => null,
            (e: { code?: string; message?: string }) => e,
          );
          expect(refusal?.code, input).toBe('23514');
          expect(refusal?.message).toMatch(
            /^Telefonnummeret ser forkert ud\. Skriv et dansk nummer/,
          );
          // the number typed is not in the text (an error's text reaches the server's log)
          if (/[0-9]{6}/.test(input)) expect(refusal?.message).not.toContain(input.trim());
        } else {
          expect(await r, input).toEqual([{ v: e164 }]);
        }
      }
    });

    it('sees a link in the same texts in both', async () => {
      const rows = await t.query<{ text: string; link: boolean }>(
        `select text, public.text_has_link(text) link from unnest($1::text[]) with ordinality u(text, n) order by n`,
        [LINKS.map(([text]) => text)],
      );
      const expected = LINKS.map(([text, link]) => ({ text, link }));
      expect(rows).toEqual(expected);
      expect(LINKS.map(([text]) => ({ text, link: hasLink(text) }))).toEqual(expected);
    });

    it('sends an SMS only to a Danish subscriber number, read by the same rule', async () => {
      const rows = await t.query<{ input: string; sms: string | null }>(
        `select input, public.sms_number(input) sms from unnest($1::text[]) with ordinality u(input, n) order by n`,
        [['45 20 55 44 33', '0045 20554433', '+46701234567', '70101155', '12345678', '00000000']],
      );
      expect(rows.map((r) => r.sms)).toEqual([
        '+4520554433',
        '+4520554433',
        null,
        null,
        null,
        null,
      ]);
    });
  },
);
