// The days a book spans (DESIGN "The family book (PDF)": start and end are days, yyyy-MM-dd in
// tz, both inclusive; the default is the last twelve months): worked out as calendar days, with
// no clock of the server's own, so every zone gets the same answer for its own today.
import { BOOK_RANGE_DAYS_MAX } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { badRequest } from '../http/errors.js';
import { endOfDayIn, startOfDayIn } from '../../common/zone-days.js';

const DAY_MS = 86_400_000;

/** yyyy-MM-dd of `instant` on the zone's calendar. */
export function dayIn(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00.000Z`);
const dayOfNumber = (number: number) => new Date(number).toISOString().slice(0, 10);

/**
 * The day after the same day a year earlier: twelve months ending on `end`. A 29 February
 * steps back to the 28th (the year before has none), so those twelve months begin on 1 March.
 */
export function yearBefore(end: string): string {
  const [year, month, day] = end.split('-').map(Number) as [number, number, number];
  // setUTCFullYear, unlike Date.UTC, does not read years 0 to 99 as 1900 to 1999.
  const sameDay = new Date(0).setUTCFullYear(year - 1, month - 1, month === 2 && day === 29 ? 28 : day);
  return dayOfNumber(sameDay + DAY_MS);
}

export interface BookRange {
  start: string;
  end: string;
}

/**
 * The range asked for, its gaps filled: no end is today in tz, no start twelve months before
 * the end. A start after the end, or a span past BOOK_RANGE_DAYS_MAX, is refused (400).
 */
export function bookRange(asked: { start?: string; end?: string; tz: string }, now: Date): BookRange {
  const end = asked.end ?? dayIn(now, asked.tz);
  const start = asked.start ?? yearBefore(end);
  if (start > end) throw badRequest(messages.bookRangeInvalid);
  if ((dayNumber(end) - dayNumber(start)) / DAY_MS + 1 > BOOK_RANGE_DAYS_MAX) throw badRequest(messages.bookRangeTooLong);
  return { start, end };
}

/** The instants a memory's date may take to fall in the range: from the start's 00:00 to the end's 23:59:59.999 in tz. */
export function rangeInstants(range: BookRange, tz: string): { start: string; end: string } {
  return { start: startOfDayIn(range.start, tz).toISOString(), end: endOfDayIn(range.end, tz).toISOString() };
}
