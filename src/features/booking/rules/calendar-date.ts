/**
 * Calendar days are passed around as 'yyyy-MM-dd' strings (the format the functions take), so a
 * day never shifts with the visitor's own time zone. The calendar widget works with local Date
 * objects: these convert between the two.
 */
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Local midnight of a calendar day, for the calendar widget. */
export function dateFromIso(day: string): Date {
  const match = ISO_DATE.exec(day);
  if (!match) throw new Error(`Not a yyyy-MM-dd date: ${day}`);
  return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

/** The calendar day (local fields) of a Date from the calendar widget. */
export function isoFromDate(date: Date): string {
  const y = String(date.getFullYear()).padStart(4, '0');
  const m = String(date.getMonth() + 1).padStart(2, '0');
  const d = String(date.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
