// The calendar filter (memories §2): one day of the person's own calendar, sent as the
// start and end instants of that local day (memories §5: start at 00:00, end at 23:59:59).

/** Parses 'yyyy-MM-dd' as a local date (new Date('yyyy-MM-dd') would be UTC midnight). */
export function parseDayKey(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

/** The ISO start and end of a local day, for GET /api/timelines/{id}/memories?start=&end=. */
export function dayRange(day: string): { start: string; end: string } {
  const start = parseDayKey(day);
  const end = new Date(start.getFullYear(), start.getMonth(), start.getDate(), 23, 59, 59, 999);
  return { start: start.toISOString(), end: end.toISOString() };
}

const longDate = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });

/** 'March 15, 2024': how a chosen day reads on the filter button and to screen readers. */
export function dayLabel(day: string): string {
  return longDate.format(parseDayKey(day));
}
