// memories §2, §4, §5, §7 "Bulk download": the dates chosen, what they may be, the instants
// the calls take, and the months the memories fall in, on the person's own calendar (the
// server builds each month's archive in the same zone: api/endpoints.ts sends it).
import type { Memory } from '../../../../common/memories';
import { messages } from '../../../../common/messages';
import { localMonth } from '../../lib/dates';

export interface RangeProblems {
  start?: string;
  end?: string;
}

/**
 * memories §5: neither date in the future, the start not after the end; each problem under
 * the date it is about. Days compare as text, yyyy-MM-dd being in calendar order.
 */
export function bulkRangeProblems(start: string | null, end: string | null, today: string): RangeProblems {
  const problems: RangeProblems = {};
  if (start && start > today) problems.start = messages.bulkStartInFuture;
  else if (start && end && start > end) problems.start = messages.bulkStartAfterEnd;
  if (end && end > today) problems.end = messages.bulkEndInFuture;
  return problems;
}

/** The instants of a day range: the start day from 00:00, the end day to 23:59:59.999 (memories §5). */
export function rangeInstants(start: string, end: string): { start: string; end: string } {
  const [startYear, startMonth, startDay] = start.split('-').map(Number) as [number, number, number];
  const [endYear, endMonth, endDay] = end.split('-').map(Number) as [number, number, number];
  return {
    start: new Date(startYear, startMonth - 1, startDay).toISOString(),
    end: new Date(endYear, endMonth - 1, endDay, 23, 59, 59, 999).toISOString(),
  };
}

export interface MonthOfMemories {
  /** yyyy-MM, as the month archive call takes it. */
  month: string;
  /** 'March 2024'. */
  label: string;
  /** Newest first, as the preview lists them. */
  memories: Memory[];
}

const monthName = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric' });

/** 'March 2024' for '2024-03'. */
export function monthLabel(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return monthName.format(new Date(year, number - 1, 1));
}

/** memories §7: the memories grouped by the year and month of their date, oldest month first. */
export function monthsOf(memories: readonly Memory[]): MonthOfMemories[] {
  const months = new Map<string, Memory[]>();
  for (const memory of memories) {
    const month = localMonth(new Date(memory.createdAt));
    months.set(month, [...(months.get(month) ?? []), memory]);
  }
  return [...months.keys()].sort().map((month) => ({
    month,
    label: monthLabel(month),
    memories: months.get(month)!.sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt)),
  }));
}
