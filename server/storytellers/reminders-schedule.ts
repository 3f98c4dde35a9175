// When a storyteller's week's question falls due (DESIGN "Storytellers (no account)": "on their
// weekday and time, in their zone"): a weekday and an 'HH:mm' on the storyteller's own clock,
// turned into instants with Intl, so a Monday 09:00 in New York is 14:00 UTC in winter and
// 13:00 UTC in summer, and the clock change itself never moves it to another day.
import type { Reminder } from '../../common/storytellers.js';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
}

const formats = new Map<string, Intl.DateTimeFormat>();

function formatOf(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric' });
    formats.set(timeZone, format);
  }
  return format;
}

/** What a clock on the zone's wall shows at `instant`. */
function wallClockAt(instant: number, timeZone: string): WallClock {
  const parts = formatOf(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

const asUtc = (wall: WallClock): number => Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);

/** How far the zone's wall clock is ahead of UTC at `instant`. */
const offsetAt = (instant: number, timeZone: string): number => asUtc(wallClockAt(instant, timeZone)) - Math.floor(instant / MINUTE_MS) * MINUTE_MS;

/**
 * The instant the zone's clock shows `wall`. Offsets are read a day either side, so a change
 * of the clocks that day is seen whichever side of it `wall` is. A time the clocks skip (02:30
 * as they spring forward) is taken as the same time after the jump (03:30), so the reminder
 * still comes that day; a time they show twice (01:30 as they fall back) is its first showing.
 */
function instantOf(wall: WallClock, timeZone: string): number {
  const local = asUtc(wall);
  const before = local - offsetAt(local - DAY_MS, timeZone);
  const after = local - offsetAt(local + DAY_MS, timeZone);
  const shows = (instant: number) => asUtc(wallClockAt(instant, timeZone)) === local;
  const candidates = [before, after].filter(shows).sort((a, b) => a - b);
  return candidates[0] ?? before;
}

/** The reminder's instant in the week of the zone's date `days` away from `instant`'s. */
function slotNear(instant: number, reminder: Reminder, days: number): number {
  const today = wallClockAt(instant, reminder.tz);
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day) + days * DAY_MS);
  const shift = (reminder.weekday - date.getUTCDay() + 7) % 7;
  const day = new Date(date.getTime() + shift * DAY_MS);
  const [hour, minute] = reminder.time.split(':').map(Number) as [number, number];
  return instantOf({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour, minute }, reminder.tz);
}

/** The latest instant at or before `now` when the reminder falls due. */
export function lastSlot(reminder: Reminder, now: Date): Date {
  // The slot of the week that starts six days before today's date: at most a week ago.
  const slot = slotNear(now.getTime(), reminder, -6);
  return new Date(slot <= now.getTime() ? slot : slotNear(now.getTime(), reminder, -13));
}

/** The first instant after `now` when the reminder falls due. */
export function nextSlot(reminder: Reminder, now: Date): Date {
  const slot = slotNear(now.getTime(), reminder, 0);
  return new Date(slot > now.getTime() ? slot : slotNear(now.getTime(), reminder, 1));
}
