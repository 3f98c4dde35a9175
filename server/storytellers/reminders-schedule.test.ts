import { describe, expect, it } from 'vitest';
import { lastSlot, nextSlot } from './reminders-schedule.js';

const mondayNine = { weekday: 1, time: '09:00', tz: 'America/New_York' };
const at = (text: string) => new Date(text);

describe('the week\'s question falls due on the storyteller\'s clock', () => {
  it('is Monday 09:00 in New York: 14:00 UTC in winter, 13:00 UTC in summer', () => {
    expect(nextSlot(mondayNine, at('2026-11-26T10:00:00Z')).toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(nextSlot(mondayNine, at('2027-07-01T10:00:00Z')).toISOString()).toBe('2027-07-05T13:00:00.000Z');
  });

  it('counts the slot itself as past, and the minute before it as the week before', () => {
    expect(lastSlot(mondayNine, at('2026-11-30T14:00:00Z')).toISOString()).toBe('2026-11-30T14:00:00.000Z');
    expect(lastSlot(mondayNine, at('2026-11-30T13:59:00Z')).toISOString()).toBe('2026-11-23T14:00:00.000Z');
    expect(nextSlot(mondayNine, at('2026-11-30T14:00:00Z')).toISOString()).toBe('2026-12-07T14:00:00.000Z');
  });

  it('keeps the day across the clock changes, on either side of them', () => {
    // 2027-03-14 and 2027-11-07 are the Sundays New York's clocks change.
    const sundayEarly = { weekday: 0, time: '01:30', tz: 'America/New_York' };
    expect(nextSlot(sundayEarly, at('2027-03-10T00:00:00Z')).toISOString()).toBe('2027-03-14T06:30:00.000Z');
    expect(nextSlot(sundayEarly, at('2027-11-03T00:00:00Z')).toISOString()).toBe('2027-11-07T05:30:00.000Z');
    // 02:30 does not exist on 2027-03-14: the reminder comes at 03:30, after the jump.
    const skipped = { weekday: 0, time: '02:30', tz: 'America/New_York' };
    expect(nextSlot(skipped, at('2027-03-10T00:00:00Z')).toISOString()).toBe('2027-03-14T07:30:00.000Z');
    expect(nextSlot(skipped, at('2027-03-15T00:00:00Z')).toISOString()).toBe('2027-03-21T06:30:00.000Z');
  });

  it('reads the weekday on the zone\'s calendar, not UTC\'s', () => {
    // Monday 08:00 in Auckland is Sunday 19:00 UTC.
    const auckland = { weekday: 1, time: '08:00', tz: 'Pacific/Auckland' };
    expect(nextSlot(auckland, at('2026-11-29T12:00:00Z')).toISOString()).toBe('2026-11-29T19:00:00.000Z');
    expect(lastSlot(auckland, at('2026-11-29T18:59:00Z')).toISOString()).toBe('2026-11-22T19:00:00.000Z');
  });
});
