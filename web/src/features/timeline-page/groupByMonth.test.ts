// memories §2 "Timeline page": 'MMMM yyyy' headings, months newest first, memories newest
// first within a month, entries alternating right and left.
import { describe, expect, it } from 'vitest';
import type { Memory } from '../memories';
import { localDay } from '../../lib/dates';
import { dayRange } from './dayRange';
import { groupByMonth } from './groupByMonth';

const memory = (id: string, createdAt: Date) => ({ id, title: id, createdAt: createdAt.toISOString() }) as Memory;

describe('groupByMonth', () => {
  it("groups under 'MMMM yyyy', months newest first, memories newest first, alternating sides", () => {
    const groups = groupByMonth([
      memory('march-early', new Date(2024, 2, 2, 9)),
      memory('january', new Date(2024, 0, 20, 12)),
      memory('march-late', new Date(2024, 2, 28, 18)),
      memory('december', new Date(2023, 11, 31, 23, 30)),
    ]);
    expect(groups.map((group) => group.heading)).toEqual(['March 2024', 'January 2024', 'December 2023']);
    expect(groups[0]!.entries.map((entry) => entry.memory.id)).toEqual(['march-late', 'march-early']);
    expect(groups.flatMap((group) => group.entries.map((entry) => entry.side))).toEqual(['right', 'left', 'right', 'left']);
  });

  it('gives no group for no memories', () => {
    expect(groupByMonth([])).toEqual([]);
  });
});

describe('dayRange', () => {
  it('spans the local day from 00:00 to 23:59:59.999', () => {
    const { start, end } = dayRange('2024-03-15');
    expect(new Date(start).getTime()).toBe(new Date(2024, 2, 15, 0, 0, 0, 0).getTime());
    expect(new Date(end).getTime()).toBe(new Date(2024, 2, 15, 23, 59, 59, 999).getTime());
    expect(localDay(new Date(start))).toBe('2024-03-15');
  });
});
