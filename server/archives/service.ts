// The rules of archives (memories §3, §5, §7 "Single memory export", "Bulk export"; DESIGN
// "Archives", "Who may do what"): any viewer may take a memory home, and a month archive
// holds only what its caller may view. Access first, then the zip is planned from what
// storage holds and streamed.
import type { Readable } from 'node:stream';
import { memoryArchiveName, monthArchiveName, type BulkMemoriesQuery, type ExportMemoryQuery, type MonthArchiveQuery } from '../../common/archives.js';
import type { Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { requireAccess } from '../access/index.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { familyNameOf } from '../families/index.js';
import { badRequest, HttpError, notFound } from '../http/errors.js';
import { listReply, type ListReply } from '../http/json-list.js';
import { presentMemoriesFor } from '../memories/index.js';
import { memoryContent } from './content.js';
import { gatherMemory, type ArchiveLog, type MemoryExport } from './gather.js';
import { bulkMetadata, singleMetadata } from './metadata.js';
import { monthOf, monthWindow } from './month.js';
import * as queries from './queries.js';
import { ArchiveRun, nestedZip, storedZip, type SizedZip, type ZipEntry } from './zip.js';

export interface ArchiveDownload {
  fileName: string;
  stream: Readable;
  /** Bytes, when known before the first one is sent (then Content-Length); else null. */
  size: number | null;
}

/** Who asks, and where the download's troubles are written down. */
export interface ArchiveCaller {
  viewer: UserRow;
  log: ArchiveLog;
}

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/** memories §7: metadata.json, memory_content.txt, then the media folders. */
function memoryEntries(archive: MemoryExport, kind: 'single' | 'bulk', exportedAt: Date, timeZone: string): ZipEntry[] {
  const metadata = kind === 'single' ? singleMetadata(archive, exportedAt) : bulkMetadata(archive, exportedAt);
  return [
    { name: 'metadata.json', bytes: json(metadata) },
    { name: 'memory_content.txt', bytes: Buffer.from(memoryContent(archive, timeZone), 'utf8') },
    ...archive.files.map((file) => ({ name: file.name, file: { key: file.key, size: file.size } })),
  ];
}

/** Instants as stored (UTC ISO text, which sorts as time does). */
const utc = (instant: string) => new Date(instant).toISOString();

function checkedRange(start: string | undefined, end: string | undefined): { start?: string; end?: string } {
  const range = { start: start === undefined ? undefined : utc(start), end: end === undefined ? undefined : utc(end) };
  if (range.start && range.end && range.start > range.end) throw badRequest(messages.bulkStartAfterEnd);
  return range;
}

/**
 * GET /api/memories/{id}/export?tz=: any viewer (404 otherwise). The zip of memories §7,
 * named with the time of export in `tz`, its size known before it streams.
 */
export async function exportMemory(ctx: AppContext, { viewer, log }: ArchiveCaller, id: string, query: ExportMemoryQuery): Promise<ArchiveDownload> {
  await requireAccess(ctx.db, viewer, 'memory.read', [id]);
  const row = await queries.viewableMemory(ctx.db, viewer.id, id);
  if (!row) throw notFound(messages.memoryNotFound);
  const exportedAt = ctx.now();
  const archive = await gatherMemory(ctx, log, viewer, row);
  const run = new ArchiveRun(ctx.media, log);
  const zip = storedZip(run, memoryEntries(archive, 'single', exportedAt, query.tz), exportedAt);
  return { fileName: memoryArchiveName(row.id, row.title, exportedAt, query.tz), stream: run.deliver(zip.stream), size: zip.size };
}

/**
 * GET /api/bulk-download/memories?start=&end= (memories §7, the preview): every memory the
 * caller may view in the range, newest first, read and sent a batch at a time; with `limit`,
 * one page (common/pages.ts).
 */
export function memoriesInRange(ctx: AppContext, viewer: UserRow, query: BulkMemoriesQuery): Promise<ListReply<Memory>> {
  const range = checkedRange(query.start, query.end);
  return listReply(
    { read: (after, limit) => queries.viewableInRange(ctx.db, viewer.id, range, after, limit), present: (rows) => presentMemoriesFor(ctx, viewer, rows) },
    query,
  );
}

/**
 * One memory's inner zip after another, each read again at its turn: a memory deleted or
 * unshared since the month was listed is left out.
 */
async function* innerZips(ctx: AppContext, { viewer, log }: ArchiveCaller, run: ArchiveRun, rows: { id: string }[], exportedAt: Date, timeZone: string) {
  for (const listed of rows) {
    if (run.stopped) return;
    const row = await queries.viewableMemory(ctx.db, viewer.id, listed.id);
    if (!row) continue;
    let archive: MemoryExport;
    try {
      archive = await gatherMemory(ctx, log, viewer, row);
    } catch (error) {
      // Unshared between the two reads: as gone as a deleted one.
      if (error instanceof HttpError && error.statusCode === 404) continue;
      throw error;
    }
    const zip: SizedZip = storedZip(run, memoryEntries(archive, 'bulk', exportedAt, timeZone), exportedAt);
    yield { name: memoryArchiveName(row.id, row.title, exportedAt, timeZone), zip };
  }
}

/**
 * GET /api/bulk-download/archive?month=&start=&end=&tz=&timelineId=: the memories the caller
 * may view whose date falls in `month` on the clock of `tz`, inside the range when given, on
 * the timeline when given (its members only: 404 otherwise), newest first, one inner zip
 * each. An empty month is 404 (DESIGN "Edge decisions").
 */
export async function monthArchive(ctx: AppContext, caller: ArchiveCaller, query: MonthArchiveQuery): Promise<ArchiveDownload> {
  const { viewer, log } = caller;
  if (query.timelineId) await requireAccess(ctx.db, viewer, 'timeline.read', [query.timelineId]);
  const range = checkedRange(query.start, query.end);
  const window = monthWindow(query.month);
  const start = range.start && range.start > window.start ? range.start : window.start;
  const end = range.end && range.end < window.end ? range.end : window.end;
  const inMonth = monthOf(query.tz);
  const rows = (await queries.viewableDatesInRange(ctx.db, viewer.id, { start, end, timelineId: query.timelineId })).filter(
    (row) => inMonth(row.created_at) === query.month,
  );
  if (rows.length === 0) throw notFound(messages.archiveMonthEmpty);
  const fileName = monthArchiveName(await familyNameOf(ctx.db, viewer.id), query.month);
  const exportedAt = ctx.now();
  const run = new ArchiveRun(ctx.media, log);
  const stream = nestedZip(run, innerZips(ctx, caller, run, rows, exportedAt, query.tz), exportedAt);
  return { fileName, stream: run.deliver(stream), size: null };
}
