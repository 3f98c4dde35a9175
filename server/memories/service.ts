// The rules of memories (memories §3, §6, §7; DESIGN "Who may do what", "Media",
// "Notifications"): access first, then one transaction; files go with their rows.
import { randomUUID } from 'node:crypto';
import type { Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { displayNameOf } from '../../common/people.js';
import { requireAccess, requireMemoryPlacement } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';
import { removeStoredFiles } from '../media/index.js';
import { insertNotifications } from '../notifications/queries.js';
import { checkDirectVideos } from './direct-videos.js';
import { stagedKeys, type MemoryForm } from './form.js';
import { presentMemories } from './present.js';
import * as queries from './queries.js';
import { discardFiles, type StagedFile } from './stored-files.js';

/**
 * The memories, presented for `viewer`, with their children loaded in one query per table.
 * The caller has already limited `rows` to what `viewer` may view.
 */
export async function presentMemoriesFor(ctx: AppContext, viewer: UserRow, rows: queries.MemoryRow[]): Promise<Memory[]> {
  return presentMemories(rows, await queries.childrenOf(ctx.db, rows), viewer.id);
}

/** memories §7 GET /api/memories: every memory the caller may view, newest first. */
export async function listMemories(ctx: AppContext, viewer: UserRow): Promise<Memory[]> {
  return presentMemoriesFor(ctx, viewer, await queries.listViewableMemories(ctx.db, viewer.id));
}

/** memories §7 GET /api/memories/{id}: viewers only; 404 for anyone else. */
export async function getMemory(ctx: AppContext, viewer: UserRow, id: string): Promise<Memory> {
  await requireAccess(ctx.db, viewer, 'memory.read', [id]);
  const row = await queries.findMemory(ctx.db, id);
  if (!row) throw notFound(messages.memoryNotFound);
  return (await presentMemoriesFor(ctx, viewer, [row]))[0]!;
}

const mediaRow = (memoryId: string, ownerId: string, kind: queries.NewMedia['kind'], file: StagedFile, position: number, now: string): queries.NewMedia => ({
  id: randomUUID(),
  memory_id: memoryId,
  owner_id: ownerId,
  kind,
  storage_key: file.key,
  mime_type: file.mimeType,
  size: file.size,
  width: file.width,
  height: file.height,
  duration: null,
  position,
  created_at: now,
});

/**
 * memories §7 POST /api/memories, with the form's files already staged. The memory, its
 * timelines, shares, media rows, the attached uploads and the notifications commit together;
 * if anything fails, the staged files go too and nothing of the memory remains (DESIGN
 * "Media"). Direct uploads stay the uploader's, unattached, to try again with.
 */
export async function createMemory(ctx: AppContext, creator: UserRow, form: MemoryForm): Promise<Memory> {
  const { fields } = form;
  let id: string;
  try {
    // The creator is always in sharedWith (memories §6), so "private" is the creator alone.
    const sharedWith = [...new Set([creator.id, ...fields.sharedWith])];
    await requireMemoryPlacement(ctx.db, creator, fields.timelineIds, sharedWith);
    const videos = await checkDirectVideos(ctx, creator.id, fields.directVideoUrls);
    // A video named twice is one video, with room for one thumbnail.
    if (form.videoThumbnails.length > videos.length) throw badRequest(messages.videoThumbnailWithoutVideo);

    id = randomUUID();
    const now = iso(ctx.now());
    const media = [
      ...form.images.flatMap((image, position) =>
        [image.original, image.display, image.thumbnail].map((file) => mediaRow(id, creator.id, 'image', file, position, now)),
      ),
      ...videos.map((video, position) => mediaRow(id, creator.id, 'video', video, position, now)),
      // Beside its video by position (present.ts pairs them).
      ...form.videoThumbnails.map((thumbnail, position) => mediaRow(id, creator.id, 'video_thumbnail', thumbnail, position, now)),
      ...(form.audio ? [mediaRow(id, creator.id, 'audio', form.audio, 0, now)] : []),
    ];
    await ctx.db.transaction().execute(async (trx) => {
      await queries.insertMemory(
        trx,
        {
          id,
          title: fields.title,
          content: fields.content,
          transcription: fields.transcription,
          user_id: creator.id,
          family_id: creator.family_id,
          audio_key: form.audio?.key ?? null,
          created_at: now,
          updated_at: now,
        },
        fields.timelineIds,
        sharedWith,
      );
      await queries.insertMedia(trx, media);
      // Another memory may have taken an upload since it was checked: then this one fails whole.
      const keys = videos.map((video) => video.key);
      if ((await queries.attachUploads(trx, creator.id, keys, now)) !== keys.length) throw badRequest(messages.videoUploadNotFound);
      await notifySharing(trx, creator, { id, title: fields.title }, sharedWith, now);
    });
  } catch (error) {
    await discardFiles(ctx.media, stagedKeys(form));
    throw error;
  }
  return getMemory(ctx, creator, id);
}

/**
 * DESIGN "Notifications": memory_shared to everyone the memory is shared with but its
 * creator, unless they turned new-memory notifications off (insertNotifications also
 * leaves out whoever turned notifications off altogether).
 */
async function notifySharing(db: AppContext['db'], creator: UserRow, memory: { id: string; title: string }, sharedWith: string[], now: string): Promise<void> {
  const others = sharedWith.filter((userId) => userId !== creator.id);
  if (others.length === 0) return;
  const creatorName = displayNameOf({ displayName: creator.display_name, firstName: creator.first_name, lastName: creator.last_name, email: creator.email }, 'User');
  await insertNotifications(db, await queries.wantingNewMemoryNotices(db, others), {
    type: 'memory_shared',
    title: messages.memorySharedTitle,
    message: messages.memoryShared(creatorName, memory.title),
    relatedMemoryId: memory.id,
    createdAt: now,
  });
}

/**
 * memories §7 DELETE /api/memories/{id}: the creator only (404 for those who cannot see it,
 * 403 for other viewers). The files go once the rows' deletion has committed, so a failure
 * leaves at worst an orphan file, never a memory without its media.
 */
export async function deleteMemory(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await requireAccess(ctx.db, user, 'memory.edit', [id]);
  const keys = await ctx.db.transaction().execute((trx) => queries.deleteMemory(trx, id));
  await removeStoredFiles(ctx, keys);
}
