// The first and last instants of a day in an IANA zone, where clocks change too.
import { describe, expect, it } from 'vitest';
import { endOfDayIn, startOfDayIn } from './zone-days.js';

describe('days in a zone', () => {
  it.each([
    ['an ordinary day in UTC', '2024-05-01', 'UTC', '2024-05-01T00:00:00.000Z', '2024-05-01T23:59:59.999Z'],
    ['a summer day in Paris (UTC+2)', '2024-05-01', 'Europe/Paris', '2024-04-30T22:00:00.000Z', '2024-05-01T21:59:59.999Z'],
    ['the day Paris moves its clocks forward: 23 hours', '2024-03-31', 'Europe/Paris', '2024-03-30T23:00:00.000Z', '2024-03-31T21:59:59.999Z'],
    ['the day Paris moves its clocks back: 25 hours', '2024-10-27', 'Europe/Paris', '2024-10-26T22:00:00.000Z', '2024-10-27T22:59:59.999Z'],
    ['a day west of UTC (New York)', '2024-01-15', 'America/New_York', '2024-01-15T05:00:00.000Z', '2024-01-16T04:59:59.999Z'],
    ['a day 14 hours ahead (Kiritimati)', '2024-05-02', 'Pacific/Kiritimati', '2024-05-01T10:00:00.000Z', '2024-05-02T09:59:59.999Z'],
    ['a day whose midnight Santiago skipped: it starts at 01:00', '2022-09-11', 'America/Santiago', '2022-09-11T04:00:00.000Z', '2022-09-12T02:59:59.999Z'],
    ['a day of the first century', '0050-06-01', 'UTC', '0050-06-01T00:00:00.000Z', '0050-06-01T23:59:59.999Z'],
  ])('%s', (_, day, zone, start, end) => {
    expect([startOfDayIn(day, zone).toISOString(), endOfDayIn(day, zone).toISOString()]).toEqual([start, end]);
  });

  it('a day a zone skipped altogether (Samoa, 30 December 2011) holds no instant', () => {
    expect(endOfDayIn('2011-12-30', 'Pacific/Apia').getTime()).toBeLessThan(startOfDayIn('2011-12-30', 'Pacific/Apia').getTime());
    expect(startOfDayIn('2011-12-31', 'Pacific/Apia').toISOString()).toBe('2011-12-30T10:00:00.000Z');
  });
});
