import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay, localMonth } from './dates';

describe('localDay and localMonth', () => {
  // A zone far from UTC, so the local calendar and UTC's disagree on the day and the month.
  const zone = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Pacific/Auckland';
  });
  afterAll(() => {
    if (zone === undefined) delete process.env.TZ;
    else process.env.TZ = zone;
  });

  it('pads months and days to two digits', () => {
    expect(localDay(new Date(1905, 0, 5))).toBe('1905-01-05');
    expect(localMonth(new Date(1905, 0, 5))).toBe('1905-01');
    expect(localDay(new Date(2024, 11, 31, 23, 59, 59, 999))).toBe('2024-12-31');
  });

  it('reads the local calendar, not UTC: 20:00 UTC on 31 March is 1 April in Auckland', () => {
    const moment = new Date('2024-03-31T20:00:00.000Z');
    expect(moment.toISOString().slice(0, 10)).toBe('2024-03-31');
    expect(localDay(moment)).toBe('2024-04-01');
    expect(localMonth(moment)).toBe('2024-04');
  });
});
