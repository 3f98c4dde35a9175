// Pure rules of the edit view (memories §4, §5 "Editing an existing memory", §7 PATCH forms).
import { CAPTURE_IMAGES_MAX, MEMORY_TAG_MAX, MEMORY_TAGS_MAX, MEMORY_VIDEO_MAX_BYTES, MEMORY_VIDEOS_MAX } from '../../../../../common/limits';
import type { Memory } from '../../../../../common/memories';
import { localDay } from '../../../lib/dates';

export interface MemoryDraft {
  title: string;
  /** The memory's date and time, as an ISO string. */
  createdAt: string;
  transcription: string;
  content: string;
  tags: string[];
  timelineIds: string[];
  newImages: File[];
  newVideos: File[];
  imageIdsToDelete: string[];
  videoIdsToDelete: string[];
}

export function draftOf(memory: Memory): MemoryDraft {
  return {
    title: memory.title,
    createdAt: memory.createdAt,
    transcription: memory.transcription,
    content: memory.content,
    tags: [...memory.tags],
    timelineIds: [...memory.timelineIds],
    newImages: [],
    newVideos: [],
    imageIdsToDelete: [],
    videoIdsToDelete: [],
  };
}

/** memories §5: images kept plus new ones, at most 3. */
export function imageCount(memory: Memory, draft: MemoryDraft): number {
  return memory.images.length - draft.imageIdsToDelete.length + draft.newImages.length;
}

/** memories §5 (edit view): videos kept plus new ones, at most 2. */
export function videoCount(memory: Memory, draft: MemoryDraft): number {
  return memory.videos.length - draft.videoIdsToDelete.length + draft.newVideos.length;
}

/** memories §5: files beyond the remaining room are dropped. */
export function chooseImages(memory: Memory, draft: MemoryDraft, files: readonly File[]): { accepted: File[]; dropped: number } {
  const room = Math.max(0, CAPTURE_IMAGES_MAX - imageCount(memory, draft));
  return { accepted: files.slice(0, room), dropped: Math.max(0, files.length - room) };
}

/**
 * memories §5: any video over 250 MB rejects the whole selection; otherwise videos beyond
 * the room of 2 are dropped.
 */
export function chooseVideos(
  memory: Memory,
  draft: MemoryDraft,
  files: readonly File[],
): { tooLarge: true } | { tooLarge: false; accepted: File[]; dropped: number } {
  if (files.some((file) => file.size > MEMORY_VIDEO_MAX_BYTES)) return { tooLarge: true };
  const room = Math.max(0, MEMORY_VIDEOS_MAX - videoCount(memory, draft));
  return { tooLarge: false, accepted: files.slice(0, room), dropped: Math.max(0, files.length - room) };
}

/** memories §4: an Undo may not take the memory past its limits. */
export function canRestoreImage(memory: Memory, draft: MemoryDraft): boolean {
  return imageCount(memory, draft) < CAPTURE_IMAGES_MAX;
}
export function canRestoreVideo(memory: Memory, draft: MemoryDraft): boolean {
  return videoCount(memory, draft) < MEMORY_VIDEOS_MAX;
}

/** memories §7: the multipart form is needed only when media change. */
export function hasMediaChanges(draft: MemoryDraft): boolean {
  return draft.newImages.length + draft.newVideos.length + draft.imageIdsToDelete.length + draft.videoIdsToDelete.length > 0;
}

/** memories §4: the timelines are updated in a second step only when they differ. */
export function timelinesChanged(before: readonly string[], after: readonly string[]): boolean {
  const previous = new Set(before);
  const next = new Set(after);
  return previous.size !== next.size || [...next].some((id) => !previous.has(id));
}

/** memories §5: a tag is trimmed, duplicates are ignored; our ceilings on count and length. */
export function normalizeTags(tags: readonly string[]): string[] {
  const kept: string[] = [];
  for (const tag of tags) {
    const trimmed = tag.trim().slice(0, MEMORY_TAG_MAX);
    if (trimmed && !kept.includes(trimmed)) kept.push(trimmed);
  }
  return kept.slice(0, MEMORY_TAGS_MAX);
}

/**
 * The chosen day (yyyy-MM-dd, local) at the memory's own time of day; never after now
 * (memories §5: no date after today, so today at a later hour becomes now).
 */
export function dateOnDay(day: string, previousIso: string, now: Date = new Date()): string {
  const [year, month, date] = day.split('-').map(Number);
  const previous = new Date(previousIso);
  const time = Number.isNaN(previous.getTime()) ? now : previous;
  const combined = new Date(year!, month! - 1, date!, time.getHours(), time.getMinutes(), time.getSeconds(), time.getMilliseconds());
  return (combined > now ? now : combined).toISOString();
}

/** The local day (yyyy-MM-dd) of an ISO date, as the date picker speaks it. */
export function dayOf(iso: string): string {
  return localDay(new Date(iso));
}

/** memories §7: the JSON form of PATCH /api/memories/{id}. */
export function updateBody(draft: MemoryDraft) {
  return {
    title: draft.title.trim(),
    content: draft.content,
    transcription: draft.transcription,
    tags: normalizeTags(draft.tags),
    createdAt: draft.createdAt,
  };
}

/** memories §7: the multipart form, text fields before files (the server authorizes on the fields first). */
export function updateForm(draft: MemoryDraft): FormData {
  const body = updateBody(draft);
  const form = new FormData();
  form.append('title', body.title);
  form.append('content', body.content);
  form.append('transcription', body.transcription);
  form.append('tags', JSON.stringify(body.tags));
  form.append('createdAt', body.createdAt);
  form.append('imageIdsToDelete', JSON.stringify(draft.imageIdsToDelete));
  form.append('videoIdsToDelete', JSON.stringify(draft.videoIdsToDelete));
  form.append('imagePathsToDelete', JSON.stringify([]));
  for (const image of draft.newImages) form.append('images', image, image.name);
  for (const video of draft.newVideos) form.append('videos', video, video.name);
  return form;
}
