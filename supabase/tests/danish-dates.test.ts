// A booking's time is written in one Danish style, "torsdag den 10. december 2026 kl. 09:00", by
// two modules that cannot be one (nothing of supabase/ may enter the browser's bundle): the pages'
// (browser: the booking form, /flyt, /afbestil; src/lib/danish-date.ts) and the e-mails' and the
// owner's calendar feed's (Deno, supabase/functions/_shared/email/format.ts). Both take the words
// from Intl; this test fails when they write a date differently, on Node and on the Deno that runs
// the functions. tests/booking/booking-time.test.tsx renders every place for one booking.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { danishDateTime as pageDateTime, danishDay as pageDay } from '../../src/lib/danish-date.ts';
import {
  danishDate as mailDate,
  danishDateTime as mailDateTime,
} from '../functions/_shared/email/format.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MAIL_FORMAT = path.join(ROOT, 'supabase/functions/_shared/email/format.ts');

/** yyyy-MM-ddTHH:mm:00 with Copenhagen's offset at that moment, as the database writes it. */
function copenhagenIso(day: string, time: string): string {
  for (const offset of ['+01:00', '+02:00']) {
    const iso = `${day}T${time}:00${offset}`;
    const zone = new Intl.DateTimeFormat('en-US', {
      timeZone: 'Europe/Copenhagen',
      timeZoneName: 'longOffset',
    })
      .formatToParts(new Date(iso))
      .find((p) => p.type === 'timeZoneName')?.value;
    if (zone === `GMT${offset}`) return iso;
  }
  throw new Error(`${day} ${time} does not exist in Copenhagen`);
}

/** Every day of 2026 and 2027 (each weekday and month many times) plus the DST edges. */
const INPUTS = [
  ...Array.from({ length: 730 }, (_, i) => {
    const day = new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10);
    return copenhagenIso(day, i % 2 ? '09:00' : '16:30');
  }),
  '2026-03-29T01:59:00+01:00',
  '2026-03-29T03:00:00+02:00',
  '2026-10-25T02:59:00+02:00',
  '2026-10-25T02:00:00+01:00',
  '2026-12-31T23:59:00+01:00',
  '2027-01-01T00:00:00+01:00',
];

describe('Danish dates on the pages and in the e-mails', () => {
  it('write the words a Danish reader expects', () => {
    expect(pageDateTime('2026-12-10T09:00:00+01:00')).toBe(
      'torsdag den 10. december 2026 kl. 09:00',
    );
    expect(mailDateTime('2027-06-01T16:30:00+02:00')).toBe('tirsdag den 1. juni 2027 kl. 16:30');
    expect(pageDateTime('2026-03-29T03:00:00+02:00')).toBe('søndag den 29. marts 2026 kl. 03:00');
    expect(mailDateTime('2026-10-25T02:00:00+01:00')).toBe('søndag den 25. oktober 2026 kl. 02:00');
    const words = INPUTS.map(pageDateTime).join(' ');
    for (const word of [
      ...['mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'],
      ...['januar', 'februar', 'marts', 'april', 'maj', 'juni', 'juli', 'august'],
      ...['september', 'oktober', 'november', 'december'],
    ]) {
      expect(words).toContain(` ${word} `.trimStart());
    }
  });

  it('agree on every input in Node', () => {
    for (const iso of INPUTS) {
      expect(pageDateTime(iso), iso).toBe(mailDateTime(iso));
      // the day alone (the form's date field and summary, the owner's agenda)
      expect(pageDay(iso.slice(0, 10)), iso).toBe(mailDate(iso));
    }
  });

  it('agree with the e-mails as Deno writes them', () => {
    const deno = process.env.DENO_BIN ?? path.join(ROOT, 'node_modules', '.bin', 'deno');
    const script = `
      const { danishDateTime } = await import(${JSON.stringify(pathToFileURL(MAIL_FORMAT).href)});
      console.log(JSON.stringify(${JSON.stringify(INPUTS)}.map(danishDateTime)));`;
    const out = execFileSync(deno, ['eval', '--no-config', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual(INPUTS.map(pageDateTime));
  }, 60_000);
});
