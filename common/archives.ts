// Taking memories home (memories §3 "Export metadata file", §5 "Export", §7 "Single memory
// export", "Bulk export"; DESIGN "Archives"): the queries of the archive calls and the names
// the archives and their entries get.
import { z } from 'zod';
import { messages } from './messages.js';
import { pageFields } from './pages.js';
import { timeZoneField } from './prompts.js';

const instant = (field: 'start' | 'end') => z.iso.datetime({ offset: true, error: messages.archiveRangeInvalid(field) });

/** GET /api/memories/{id}/export?tz=: the zip's name carries the time of export in `tz`. */
export const exportMemoryQuery = z.object({ tz: timeZoneField.default('UTC') });
export type ExportMemoryQuery = z.infer<typeof exportMemoryQuery>;

/** GET /api/bulk-download/memories?start=&end=: every memory the caller may view in the range (the preview), by pages if asked (common/pages.ts). */
export const bulkMemoriesQuery = z.object({ start: instant('start'), end: instant('end'), ...pageFields });
export type BulkMemoriesQuery = z.infer<typeof bulkMemoriesQuery>;

/**
 * GET /api/bulk-download/archive?month=yyyy-MM&start=&end=&tz=&timelineId=: one month (in
 * `tz`) of the memories the caller may view, inside the optional range and timeline.
 */
export const monthArchiveQuery = z.object({
  month: z.string({ error: messages.archiveMonthInvalid }).regex(/^\d{4}-(0[1-9]|1[0-2])$/, { error: messages.archiveMonthInvalid }),
  start: instant('start').optional(),
  end: instant('end').optional(),
  tz: timeZoneField.default('UTC'),
  timelineId: z.string().min(1).max(100).optional(),
});
export type MonthArchiveQuery = z.infer<typeof monthArchiveQuery>;

/** memories §5: every non-alphanumeric character of the title becomes '_', and it is lower-cased. */
export function archiveTitle(title: string): string {
  return title.replace(/[^A-Za-z0-9]/g, '_').toLowerCase();
}

/** The parts of `at` as the wall clock of `timeZone` shows them. */
function wallClock(at: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((each) => each.type === type)!.value;
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute') };
}

/** memories §7: memory_{id}_{title}_{yyyy_MM_dd_HHmm}.zip, the time of export in the caller's zone. */
export function memoryArchiveName(id: string, title: string, exportedAt: Date, timeZone: string): string {
  const { year, month, day, hour, minute } = wallClock(exportedAt, timeZone);
  return `memory_${id}_${archiveTitle(title)}_${year}_${month}_${day}_${hour}${minute}.zip`;
}

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** memories §7: {family}_memories_{yyyy_MM}_{Month_Year}.zip, 'family' when there is no name. */
export function monthArchiveName(familyName: string | null, month: string): string {
  const [year, monthNumber] = month.split('-') as [string, string];
  const family = familyName?.trim() ? archiveTitle(familyName.trim()) : 'family';
  return `${family}_memories_${year}_${monthNumber}_${monthNames[Number(monthNumber) - 1]}_${year}.zip`;
}
