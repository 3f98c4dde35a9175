// What goes into one memory's archive (memories §3, §7 "Single memory export"): the memory
// as its viewer sees it, the timelines they can see it on, its conversation, and every media
// file still in storage with the name it takes inside the zip.
import type { FastifyBaseLogger } from 'fastify';
import type { Comment } from '../../common/comments.js';
import type { Memory } from '../../common/memories.js';
import { checkAccess } from '../access/index.js';
import { listComments } from '../comments/index.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { mediaKeyOfUrl } from '../media/index.js';
import { presentMemoriesFor, type MemoryRow } from '../memories/index.js';
import * as queries from './queries.js';

export type ArchiveLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

/** memories §7: the zip's four media folders. */
export type MediaFolder = 'images' | 'videos' | 'audio' | 'comment_audio';

/** A media file that is in storage, and where it goes in the zip. */
export interface ArchivedFile {
  /** The address the memory or comment JSON gives it (`/uploads/{key}`). */
  url: string;
  key: string;
  size: number;
  /** `media/{folder}/{base}.{extension}`. */
  name: string;
}

export interface MemoryExport {
  memory: Memory;
  /** The memory's timelines the viewer belongs to, by name. */
  timelines: { id: string; name: string }[];
  /** Oldest first, as the detail dialog lists them; numbered from 1 in memory_content.txt. */
  comments: Comment[];
  /** In the order the zip holds them. Files missing from storage are not here. */
  files: ArchivedFile[];
}

/** A file the memory names, before storage is asked whether it still has it. */
interface MediaSlot {
  folder: MediaFolder;
  base: string;
  url: string;
  kind: 'image' | 'video' | 'audio';
  mimeType: string | null;
}

/**
 * memories §5: a file without an extension becomes .jpg (images), .mp4 or .webm (videos and
 * recordings). Keys the server makes always carry one; it is taken only when it is plain.
 */
export function extensionFor(key: string, kind: MediaSlot['kind'], mimeType: string | null): string {
  const own = /\.([a-z0-9]{1,8})$/.exec(key)?.[1];
  if (own) return own;
  if (kind === 'image') return 'jpg';
  if (mimeType?.includes('webm')) return 'webm';
  if (mimeType?.includes('mp4')) return 'mp4';
  return kind === 'video' ? 'mp4' : 'webm';
}

/**
 * Every file of the memory, each named by its place and number and never by anything a
 * person typed: the original of each photo, the videos, the memory's recording, the spoken
 * follow-up answers (DESIGN "Voice is never dropped") and the voice comments, numbered as
 * memory_content.txt numbers its questions and comments.
 */
function mediaSlots(memory: Memory, comments: Comment[]): MediaSlot[] {
  const slots: MediaSlot[] = [];
  memory.images.forEach((image, index) => slots.push({ folder: 'images', base: `image_${index + 1}`, url: image.originalUrl, kind: 'image', mimeType: null }));
  memory.videos.forEach((video, index) => slots.push({ folder: 'videos', base: `video_${index + 1}`, url: video.url, kind: 'video', mimeType: video.mimeType }));
  if (memory.audioUrl) slots.push({ folder: 'audio', base: 'memory_recording', url: memory.audioUrl, kind: 'audio', mimeType: null });
  memory.followUpResponses.forEach((response, index) => {
    if (response.audioUrl) slots.push({ folder: 'audio', base: `follow_up_answer_${index + 1}`, url: response.audioUrl, kind: 'audio', mimeType: null });
  });
  comments.forEach((comment, index) => {
    if (comment.audioUrl) slots.push({ folder: 'comment_audio', base: `comment_${index + 1}`, url: comment.audioUrl, kind: 'audio', mimeType: null });
  });
  return slots;
}

/** Storage is asked about a few files at a time: a memory may hold hundreds of voice comments. */
const STAT_CONCURRENCY = 8;

/** The slots whose files storage still has, with their sizes; a missing one is logged and left out. */
async function filesInStorage(ctx: AppContext, log: ArchiveLog, memoryId: string, slots: MediaSlot[]): Promise<ArchivedFile[]> {
  const found: (ArchivedFile | null)[] = new Array(slots.length).fill(null);
  let next = 0;
  const worker = async () => {
    while (next < slots.length) {
      const index = next++;
      const slot = slots[index]!;
      const key = mediaKeyOfUrl(slot.url);
      const stat = key ? await ctx.media.stat(key) : null;
      if (!key || !stat) {
        // memories §7: a single media file that cannot be fetched is logged and skipped.
        log.warn({ memoryId, url: slot.url }, 'A media file of the memory is missing from storage; the archive leaves it out');
        continue;
      }
      found[index] = { url: slot.url, key, size: stat.size, name: `media/${slot.folder}/${slot.base}.${extensionFor(key, slot.kind, slot.mimeType)}` };
    }
  };
  await Promise.all(Array.from({ length: Math.min(STAT_CONCURRENCY, slots.length) }, worker));
  return found.filter((file): file is ArchivedFile => file !== null);
}

/** Everything one memory's archive holds, for `viewer` (who may view `row`). */
export async function gatherMemory(ctx: AppContext, log: ArchiveLog, viewer: UserRow, row: MemoryRow): Promise<MemoryExport> {
  const [[memory], comments, filedOn] = await Promise.all([
    presentMemoriesFor(ctx, viewer, [row]),
    listComments(ctx, viewer, row.id),
    queries.timelinesOf(ctx.db, row.id),
  ]);
  // Names of timelines the viewer is not on are not theirs to read (DESIGN "Who may do what").
  const visible = await checkAccess(ctx.db, viewer, 'timeline.read', filedOn.map((timeline) => timeline.id));
  const files = await filesInStorage(ctx, log, row.id, mediaSlots(memory!, comments));
  return { memory: memory!, timelines: filedOn.filter((timeline) => visible.has(timeline.id)), comments, files };
}
