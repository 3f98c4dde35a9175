// memories §2 "Timeline page": memories under 'MMMM yyyy' headings, months newest first,
// memories newest first within a month, entries alternating right and left.
import { localMonth } from '../../lib/dates';
import type { Memory } from '../memories';

export interface MonthGroup {
  /** 'yyyy-MM' in the person's zone: a stable React key. */
  key: string;
  /** 'MMMM yyyy', e.g. 'March 2024' (memories §2). */
  heading: string;
  entries: Array<{ memory: Memory; side: 'right' | 'left' }>;
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long' });

/**
 * Groups memories by their local month. The order is recomputed here rather than trusted
 * from the pages, so a page boundary or an edited date never splits a month; `side`
 * alternates over the whole timeline, starting on the right.
 */
export function groupByMonth(memories: readonly Memory[]): MonthGroup[] {
  const sorted = [...memories].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
  const groups: MonthGroup[] = [];
  sorted.forEach((memory, index) => {
    const date = new Date(memory.createdAt);
    const key = localMonth(date);
    let group = groups.at(-1);
    if (!group || group.key !== key) {
      group = { key, heading: `${monthName.format(date)} ${date.getFullYear()}`, entries: [] };
      groups.push(group);
    }
    group.entries.push({ memory, side: index % 2 === 0 ? 'right' : 'left' });
  });
  return groups;
}
