// The days a book spans, on the person's own calendar (the server reads them in the zone the
// web sends with them: api/endpoints.ts), and how they read in words.
import { localDay } from '../../lib/dates';

/** Parses 'yyyy-MM-dd' as a local date (new Date('yyyy-MM-dd') would be UTC midnight). */
function localDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

/**
 * DESIGN "The family book (PDF)": by default the last twelve months ending today, both days
 * included, as the server defaults them (server/books/range.ts: today, and the day after the
 * same day a year before; a 29 February steps back to the 28th, so they begin on 1 March).
 */
export function defaultBookDays(today: Date): { start: string; end: string } {
  const leapDay = today.getMonth() === 1 && today.getDate() === 29;
  const start = new Date(today.getFullYear() - 1, today.getMonth(), (leapDay ? 28 : today.getDate()) + 1);
  return { start: localDay(start), end: localDay(today) };
}

const longDate = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'long', year: 'numeric' });
const shortDate = new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', year: 'numeric' });

/** 'November 27, 2025'. */
export function dayInWords(day: string): string {
  return longDate.format(localDate(day));
}

/** 'Nov 27, 2025', where a list has little room. */
export function dayShort(day: string): string {
  return shortDate.format(localDate(day));
}

/**
 * The instants of a range of days, the first from 00:00 and the last to 23:59:59.999, for the
 * timeline memories call (its start and end are instants) that finds the cover's photos.
 */
export function dayInstants(start: string, end: string): { start: string; end: string } {
  const last = localDate(end);
  return {
    start: localDate(start).toISOString(),
    end: new Date(last.getFullYear(), last.getMonth(), last.getDate(), 23, 59, 59, 999).toISOString(),
  };
}
