// Phone numbers as the owner reads them. The database stores one form, E.164 (+4520112233; the
// SQL phone_e164), and these group it the way the owner's views do (the SQL phone_display):
// a Danish number in pairs, +45 20 11 22 33; any other number as stored. One formatter for the
// e-mails and the calendar feed; supabase/tests/phone.test.ts holds it to phone_display.

const DANISH = /^\+45(\d{2})(\d{2})(\d{2})(\d{2})$/;

/** A stored phone number grouped for reading: +4520112233 is "+45 20 11 22 33". */
export function phoneDisplay(phone: string): string {
  const m = DANISH.exec(phone);
  return m ? `+45 ${m[1]} ${m[2]} ${m[3]} ${m[4]}` : phone;
}
