// Calendar days as the caller lives them (DESIGN "Edge decisions": days are taken in the
// IANA zone `tz`): the first and the last instant of a day in a zone, for search's range
// (memories §5: from 00:00 to 23:59:59.999).
const DAY_MS = 86_400_000;
/** Further from a day's UTC midnight than any zone's offset has ever been (about 16 h at most). */
const SEARCH_SPAN_MS = 2 * DAY_MS;

/** The UTC midnight of yyyy-MM-dd, which numbers days so that they compare and step as numbers. */
const dayNumber = (day: string): number => Date.parse(`${day}T00:00:00.000Z`);

/** The day number of the date `instant` shows on the zone's calendar. */
function localDayNumber(format: Intl.DateTimeFormat, instant: number): number {
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)?.value;
  // Years before the common era come as 1, 2… BC: year 0 is 1 BC.
  const year = part('era') === 'BC' ? 1 - Number(part('year')) : Number(part('year'));
  // setUTCFullYear, unlike Date.UTC, does not read years 0 to 99 as 1900 to 1999.
  return new Date(0).setUTCFullYear(year, Number(part('month')) - 1, Number(part('day')));
}

/**
 * The first instant whose date in the zone is the day numbered `day` or later. Found by
 * halving rather than from the zone's offset, because clocks that change at midnight (as in
 * Santiago or Beirut) skip 00:00 or show it twice, and halving needs no case of its own for
 * either: a zone's calendar only moves forward.
 */
function firstInstantOf(day: number, format: Intl.DateTimeFormat): number {
  let before = day - SEARCH_SPAN_MS;
  let from = day + SEARCH_SPAN_MS;
  while (from - before > 1) {
    const middle = Math.floor((before + from) / 2);
    if (localDayNumber(format, middle) >= day) from = middle;
    else before = middle;
  }
  return from;
}

const calendarOf = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, era: 'short', year: 'numeric', month: 'numeric', day: 'numeric' });

/** When `day` (yyyy-MM-dd) begins in `timeZone`: its 00:00, or its first instant when clocks skip midnight. */
export function startOfDayIn(day: string, timeZone: string): Date {
  return new Date(firstInstantOf(dayNumber(day), calendarOf(timeZone)));
}

/** The last millisecond of `day` (yyyy-MM-dd) in `timeZone`: 23:59:59.999 there. */
export function endOfDayIn(day: string, timeZone: string): Date {
  return new Date(firstInstantOf(dayNumber(day) + DAY_MS, calendarOf(timeZone)) - 1);
}
