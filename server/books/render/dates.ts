// Dates as the book prints them, on the book's calendar (its tz). Days (yyyy-MM-dd) are already
// in that calendar, so they are read at noon UTC and formatted in UTC: no zone can move them.
const locale = 'en-US';

const atNoon = (day: string) => new Date(`${day}T12:00:00Z`);

const longDay = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'long', day: 'numeric' });
const weekday = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', weekday: 'long' });
const monthYear = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', year: 'numeric', month: 'long' });
const monthOnly = new Intl.DateTimeFormat(locale, { timeZone: 'UTC', month: 'long' });

/** "March 5, 2024". */
export const formatDay = (day: string) => longDay.format(atNoon(day));
/** "Tuesday, March 5, 2024": a memory's date line. */
export const formatDayWithWeekday = (day: string) => `${weekday.format(atNoon(day))}, ${longDay.format(atNoon(day))}`;
/** "March 2024": the running head. */
export const formatMonth = (day: string) => monthYear.format(atNoon(day));
/** "March": the contents' month under its year. */
export const formatMonthName = (day: string) => monthOnly.format(atNoon(day));
/** "March 5, 2024 – February 28, 2025" (or one day when both are the same). */
export const formatRange = (start: string, end: string) => longDay.formatRange(atNoon(start), atNoon(end));

/** The day an instant falls on in `tz`, yyyy-MM-dd (a comment's date). */
export function dayIn(instant: string | Date, tz: string): string {
  const date = typeof instant === 'string' ? new Date(instant) : instant;
  let zone = tz;
  try {
    new Intl.DateTimeFormat(locale, { timeZone: zone });
  } catch {
    zone = 'UTC';
  }
  // en-CA writes yyyy-MM-dd.
  return new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
}
