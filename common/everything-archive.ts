// "Download everything" as the API speaks it (issue 25; DESIGN "Yours to keep"): a person's
// archive of everything they may view, made by a job, kept until a newer one of theirs is
// ready or they delete it. The archive's own contents are common/archive-format.ts.
import { z } from 'zod';
import { archiveCounts } from './archive-format.js';

export const everythingArchiveStatuses = ['queued', 'working', 'ready', 'failed'] as const;
export type EverythingArchiveStatus = (typeof everythingArchiveStatuses)[number];

/** GET /api/archives/{id}, each of GET /api/archives (the caller's, newest first). */
export const everythingArchive = z.object({
  id: z.string(),
  status: z.enum(everythingArchiveStatuses),
  /** 0–100. */
  progress: z.number().int().min(0).max(100),
  /** The zip's size once ready. */
  bytes: z.number().int().nullable(),
  /** What it holds once ready. */
  counts: archiveCounts.nullable(),
  /** The name the download is saved under, once ready. */
  fileName: z.string().nullable(),
  /** Words for the person when status is 'failed'. */
  error: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type EverythingArchive = z.infer<typeof everythingArchive>;

export const everythingArchiveList = z.object({ archives: z.array(everythingArchive) });
export type EverythingArchiveList = z.infer<typeof everythingArchiveList>;

/**
 * POST /api/archives/everything → 202 {id, status}. One at a time: while one of the caller's is
 * queued or working, the answer is that one.
 */
export const createdEverythingArchive = z.object({ id: z.string(), status: z.enum(everythingArchiveStatuses) });
export type CreatedEverythingArchive = z.infer<typeof createdEverythingArchive>;
