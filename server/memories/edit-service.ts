// The rules of editing a memory (memories §5 "Editing an existing memory", §7 PATCH
// /api/memories/{id}; DESIGN "Who may do what", "Nothing lost"): the creator only; the
// limits of 3 images and 2 videos counted on the result; all or nothing. Files of removed
// media go only once the rows' change has committed; new files go if anything fails.
import { CAPTURE_IMAGES_MAX, MEMORY_EARLIEST_YEAR, MEMORY_VIDEOS_MAX } from '../../common/limits.js';
import type { Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { requireAccess } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';
import { discardFiles, forgetMemoryMedia, mediaKeyOfUrl, recordMedia, type StagedFile, type StagedImage } from '../media/index.js';
import * as uploads from '../uploads/index.js';
import * as editQueries from './edit-queries.js';
import type { MediaRow } from './queries.js';
import { getMemory, imageRows, videoRows } from './service.js';

/** What a PATCH asks to change: an absent field stays as it is. */
export interface MemoryEdit {
  title?: string;
  content?: string;
  transcription?: string;
  /** Trimmed, without blanks or duplicates. Replaces the memory's tags. */
  tags?: string[];
  /** ISO-8601 in UTC. */
  createdAt?: string;
  /** Image ids as the memory JSON shows them (the original's). */
  imageIdsToDelete: string[];
  videoIdsToDelete: string[];
  /** Image addresses as the memory JSON shows them (any of the three copies). */
  imagePathsToDelete: string[];
}

/** Files of the multipart form, already in the store, named by no row yet. */
export interface MemoryEditFiles {
  images: StagedImage[];
  videos: StagedFile[];
  /** Every key written, to remove if the edit fails. */
  keys: string[];
}

export interface MemoryEditRequest {
  edit: MemoryEdit;
  files: MemoryEditFiles;
}

export const noFiles = (): MemoryEditFiles => ({ images: [], videos: [], keys: [] });

/** The memory's media after the removal asked for, and where new media go. */
export interface MediaPlan {
  removed: MediaRow[];
  imagesLeft: number;
  videosLeft: number;
  nextImagePosition: number;
  nextVideoPosition: number;
}

/** memories §6: the creator only; 404 for those who cannot see the memory, 403 for other viewers. */
export async function authorizeEdit(ctx: AppContext, editor: UserRow, id: string): Promise<void> {
  await requireAccess(ctx.db, editor, 'memory.edit', [id]);
}

const HOUR_MS = 60 * 60_000;
/** The latest time zone is 14 hours ahead of UTC (Kiribati), the earliest 12 behind. */
const LATEST_ZONE_MS = 14 * HOUR_MS;

/**
 * memories §5, §9: a memory's date lies between 1900 and today. "Today" is the user's, in a
 * zone the server does not know, so the end of today anywhere on Earth (UTC+14) is the
 * latest, and the start of 1 January 1900 anywhere is the earliest.
 */
export function checkMemoryDate(now: Date, createdAt: string): void {
  const at = Date.parse(createdAt);
  const ahead = new Date(now.getTime() + LATEST_ZONE_MS);
  const endOfTodayAnywhere = Date.UTC(ahead.getUTCFullYear(), ahead.getUTCMonth(), ahead.getUTCDate() + 1) - LATEST_ZONE_MS;
  if (at >= endOfTodayAnywhere) throw badRequest(messages.memoryDateInFuture);
  if (at < Date.UTC(MEMORY_EARLIEST_YEAR, 0, 1) - LATEST_ZONE_MS) throw badRequest(messages.memoryDateTooEarly);
}

/**
 * Checks the edit against the memory as it is now: its date, and the media to delete, each
 * of which must be this memory's (400 otherwise, and nothing changes). Runs before any file
 * of the form is accepted, and again in editMemory.
 */
export async function planEdit(ctx: AppContext, id: string, edit: MemoryEdit): Promise<MediaPlan> {
  if (edit.createdAt !== undefined) checkMemoryDate(ctx.now(), edit.createdAt);
  return planMedia(await editQueries.visualMediaOf(ctx.db, id), edit);
}

function planMedia(rows: MediaRow[], edit: MemoryEdit): MediaPlan {
  const images = rows.filter((row) => row.kind === 'image');
  const videos = rows.filter((row) => row.kind === 'video');
  const imagePositions = new Set<number>();
  for (const id of edit.imageIdsToDelete) {
    // One photo is three rows at one position; its id is the original's, but any copy's names it too.
    const row = images.find((image) => image.id === id);
    if (!row) throw badRequest(messages.memoryMediaToDeleteNotFound);
    imagePositions.add(row.position);
  }
  for (const path of edit.imagePathsToDelete) {
    const key = mediaKeyOfUrl(path);
    const row = key && images.find((image) => image.storage_key === key);
    if (!row) throw badRequest(messages.memoryMediaToDeleteNotFound);
    imagePositions.add(row.position);
  }
  const videoPositions = new Set<number>();
  for (const id of edit.videoIdsToDelete) {
    const row = videos.find((video) => video.id === id);
    if (!row) throw badRequest(messages.memoryMediaToDeleteNotFound);
    videoPositions.add(row.position);
  }
  // A video's thumbnail sits at its position and goes with it.
  const removed = rows.filter((row) => (row.kind === 'image' ? imagePositions : videoPositions).has(row.position));
  const videoSide = rows.filter((row) => row.kind !== 'image');
  return {
    removed,
    imagesLeft: new Set(images.map((row) => row.position)).size - imagePositions.size,
    videosLeft: videos.length - videoPositions.size,
    nextImagePosition: Math.max(-1, ...images.map((row) => row.position)) + 1,
    nextVideoPosition: Math.max(-1, ...videoSide.map((row) => row.position)) + 1,
  };
}

/** memories §5, §9: 3 images and 2 videos, counted on the result (existing − deleted + new). */
export function checkRoom(plan: MediaPlan, images: number, videos: number): void {
  if (plan.imagesLeft + images > CAPTURE_IMAGES_MAX) throw badRequest(messages.maxImagesReached);
  if (plan.videosLeft + videos > MEMORY_VIDEOS_MAX) throw badRequest(messages.maxVideosReached);
}

/**
 * memories §7 PATCH /api/memories/{id}, with the form's files already staged. The row, the
 * tags and the media rows change in one transaction; updatedAt moves. If anything fails the
 * memory stays exactly as it was and the new files go; the removed media's files go only
 * after the commit (at worst an orphan file, never a row without its file).
 */
export async function editMemory(ctx: AppContext, editor: UserRow, id: string, { edit, files }: MemoryEditRequest): Promise<Memory> {
  let removedKeys: string[];
  try {
    await authorizeEdit(ctx, editor, id);
    const plan = await planEdit(ctx, id, edit);
    checkRoom(plan, files.images.length, files.videos.length);
    const now = iso(ctx.now());
    const added = [
      ...imageRows(id, editor.id, files.images, plan.nextImagePosition, now),
      ...videoRows(id, editor.id, files.videos, plan.nextVideoPosition, now),
    ];
    removedKeys = plan.removed.map((row) => row.storage_key);
    await ctx.db.transaction().execute(async (trx) => {
      const changed = await editQueries.updateMemory(trx, id, {
        updated_at: now,
        ...(edit.title !== undefined && { title: edit.title }),
        ...(edit.content !== undefined && { content: edit.content }),
        ...(edit.transcription !== undefined && { transcription: edit.transcription, transcription_status: editQueries.wordsSetBy(edit.transcription) }),
        ...(edit.createdAt !== undefined && { created_at: edit.createdAt }),
      });
      if (changed === 0) throw notFound(messages.memoryNotFound);
      if (edit.tags) await editQueries.replaceTags(trx, id, edit.tags);
      const ids = plan.removed.map((row) => row.id);
      // Another edit may have removed one meanwhile: then this one fails whole.
      await uploads.forget(trx, removedKeys);
      if ((await forgetMemoryMedia(trx, id, ids)) !== ids.length) throw badRequest(messages.memoryMediaToDeleteNotFound);
      await recordMedia(trx, added);
      // Counted again on what the transaction wrote, in case another edit added media since the plan.
      const result = await editQueries.countVisualMedia(trx, id);
      checkRoom({ ...plan, imagesLeft: result.images, videosLeft: result.videos }, 0, 0);
    });
  } catch (error) {
    await discardFiles(ctx.media, files.keys);
    throw error;
  }
  await discardFiles(ctx.media, removedKeys);
  return getMemory(ctx, editor, id);
}
