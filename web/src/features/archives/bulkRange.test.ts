// memories §5 "Bulk download": no future dates, the start not after the end, each problem
// under its own date; §5 "Search" day bounds (00:00 to 23:59:59.999) on the person's own
// calendar; §7 the memories grouped by the year and month of their date.
import { describe, expect, it } from 'vitest';
import type { Memory } from '../../../../common/memories';
import { localDay } from '../../lib/dates';
import { bulkRangeProblems, monthLabel, monthsOf, rangeInstants } from './bulkRange';

const today = '2024-04-20';

describe('bulkRangeProblems', () => {
  it.each([
    ['nothing chosen', null, null, {}],
    ['a range up to today', '2024-01-01', '2024-04-20', {}],
    ['one day', '2024-03-05', '2024-03-05', {}],
    ['only a start', '2024-03-05', null, {}],
    ['a start in the future', '2024-04-21', null, { start: 'The start date cannot be in the future' }],
    ['an end in the future', '2024-04-01', '2024-05-01', { end: 'The end date cannot be in the future' }],
    ['both in the future', '2024-05-01', '2024-05-02', { start: 'The start date cannot be in the future', end: 'The end date cannot be in the future' }],
    ['the start after the end', '2024-03-06', '2024-03-05', { start: 'The start date cannot be after the end date' }],
    ['across a year, compared as dates', '2023-12-31', '2024-01-01', {}],
  ])('%s', (_case, start, end, expected) => {
    expect(bulkRangeProblems(start, end, today)).toEqual(expected);
  });
});

describe('rangeInstants and localDay', () => {
  it('runs from 00:00 of the start day to 23:59:59.999 of the end day, on the local calendar', () => {
    const { start, end } = rangeInstants('2024-03-01', '2024-03-31');
    const first = new Date(start);
    const last = new Date(end);
    expect([first.getFullYear(), first.getMonth(), first.getDate(), first.getHours(), first.getMinutes()]).toEqual([2024, 2, 1, 0, 0]);
    expect([last.getFullYear(), last.getMonth(), last.getDate(), last.getHours(), last.getMinutes(), last.getSeconds(), last.getMilliseconds()]).toEqual([
      2024, 2, 31, 23, 59, 59, 999,
    ]);
    expect(localDay(first)).toBe('2024-03-01');
    expect(localDay(last)).toBe('2024-03-31');
  });
});

describe('monthsOf', () => {
  const at = (id: string, year: number, month: number, day: number, hour = 12) =>
    ({ id, title: id, createdAt: new Date(year, month - 1, day, hour).toISOString() }) as Memory;

  it('groups by the local year and month, oldest month first, newest memory first within one', () => {
    const months = monthsOf([at('apr', 2024, 4, 2), at('mar-late', 2024, 3, 31, 23), at('mar-early', 2024, 3, 1, 0), at('dec', 2023, 12, 24)]);
    expect(months.map((month) => [month.month, month.label, month.memories.map((memory) => memory.id)])).toEqual([
      ['2023-12', 'December 2023', ['dec']],
      ['2024-03', 'March 2024', ['mar-late', 'mar-early']],
      ['2024-04', 'April 2024', ['apr']],
    ]);
  });

  it('has no month for no memories', () => {
    expect(monthsOf([])).toEqual([]);
  });

  it("names a month 'MMMM yyyy'", () => {
    expect(monthLabel('2024-01')).toBe('January 2024');
  });
});
