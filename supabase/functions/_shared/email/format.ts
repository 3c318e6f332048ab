// Danish formats for the e-mails and the owner's calendar feed: a booking's time in the site's one
// style, "torsdag den 10. december 2026 kl. 09:00" (subjects included), "1.800 kr.", opening-hours
// lines. Dates come from Intl (ICU, the same on Deno and Node 20); the pages (src/lib/danish-date.ts,
// which the browser's bundle cannot share with Deno) write the same words, and
// supabase/tests/danish-dates.test.ts fails when the two disagree.

const zone = { timeZone: 'Europe/Copenhagen' } as const;
const FULL_DATE = new Intl.DateTimeFormat('da-DK', { ...zone, dateStyle: 'full' });

/** ISO weekday 1 (Monday) .. 7 (Sunday), capitalised as a line starts. */
const ISO_WEEKDAY_NAMES = ['Mandag', 'Tirsdag', 'Onsdag', 'Torsdag', 'Fredag', 'Lørdag', 'Søndag'];

export interface LocalDateTime {
  /** yyyy-MM-dd in Copenhagen. */
  date: string;
  /** HH:mm in Copenhagen. */
  time: string;
  year: number;
  month: number;
  day: number;
}

const ISO_LOCAL =
  /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

/**
 * The Copenhagen wall-clock date and time of an ISO string written with the Copenhagen offset, as
 * the database writes them (public.copenhagen_iso), e.g. 2026-12-10T09:00:00+01:00.
 */
export function localParts(iso: string): LocalDateTime {
  const m = ISO_LOCAL.exec(iso);
  if (!m) throw new Error(`not an ISO date-time with offset: ${iso}`);
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return { date: `${m[1]}-${m[2]}-${m[3]}`, time: `${m[4]}:${m[5]}`, year, month, day };
}

/** "torsdag den 10. december 2026" */
export function danishDate(iso: string): string {
  localParts(iso); // throws on anything but an ISO date-time with an offset
  return FULL_DATE.format(new Date(iso));
}

/** "torsdag den 10. december 2026 kl. 09:00" */
export function danishDateTime(iso: string): string {
  return `${danishDate(iso)} kl. ${localParts(iso).time}`;
}

/** The ready time, short when it is the same day as the drop-off: "kl. 11:00 samme dag". */
export function readyText(dropOff: string, readyAt: string): string {
  return localParts(dropOff).date === localParts(readyAt).date
    ? `kl. ${localParts(readyAt).time} samme dag`
    : danishDateTime(readyAt);
}

/**
 * "1.800 kr.", as the pages write it (src/lib/format.ts formatPrice);
 * supabase/tests/danish-prices.test.ts fails when the two disagree.
 */
export function danishPrice(kroner: number): string {
  const digits = String(Math.round(kroner));
  return `${digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.')} kr.`;
}

export interface OpeningHoursRow {
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  opensAt: string | null;
  closesAt: string | null;
}

/** Lines like "Mandag - Torsdag: 09:00 - 20:00", days with equal hours grouped, closed days "Lukket". */
export function openingHoursLines(rows: readonly OpeningHoursRow[]): string[] {
  const hours = (weekday: number) => {
    const r = rows.find((x) => x.weekday === weekday);
    return r?.opensAt && r.closesAt ? `${r.opensAt} - ${r.closesAt}` : 'Lukket';
  };
  const lines: string[] = [];
  let start = 1;
  for (let d = 1; d <= 7; d += 1) {
    if (d === 7 || hours(d + 1) !== hours(d)) {
      const days =
        start === d
          ? ISO_WEEKDAY_NAMES[d - 1]
          : `${ISO_WEEKDAY_NAMES[start - 1]} - ${ISO_WEEKDAY_NAMES[d - 1]}`;
      lines.push(`${days}: ${hours(d)}`);
      start = d + 1;
    }
  }
  return lines;
}

/** One day a car can be picked up (public.booking_pickup_hours): opens null when already open. */
export interface PickupDay {
  /** yyyy-MM-dd in Copenhagen. */
  day: string;
  opens: string | null;
  closes: string;
}

const DAY_MS = 86_400_000;

/**
 * When the car can be picked up, one line a day, counted from `today` (yyyy-MM-dd): "I dag til
 * 17:00", "I morgen 09:00-17:00", "Fredag 09:00-17:00" within the week, else "Mandag den 14.
 * december 09:00-17:00". The e-mail and a text message write the same lines.
 */
export function pickupHoursLines(days: readonly PickupDay[], today: string): string[] {
  const base = Date.parse(`${today}T12:00:00Z`);
  return days.map((d) => {
    const at = Date.parse(`${d.day}T12:00:00Z`);
    const ahead = Math.round((at - base) / DAY_MS);
    const hours = d.opens ? `${d.opens}-${d.closes}` : `til ${d.closes}`;
    if (ahead === 0) return `I dag ${hours}`;
    if (ahead === 1) return `I morgen ${hours}`;
    const weekday = ISO_WEEKDAY_NAMES[(new Date(at).getUTCDay() + 6) % 7]!;
    if (ahead < 7) return `${weekday} ${hours}`;
    const date = danishDate(`${d.day}T12:00:00+00:00`).replace(/ \d{4}$/, '');
    return `${date.charAt(0).toUpperCase()}${date.slice(1)} ${hours}`;
  });
}
