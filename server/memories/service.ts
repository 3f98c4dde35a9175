// The rules of memories (memories §3, §6, §7; DESIGN "Who may do what", "Media",
// "Notifications", "Voice is never dropped"): access first, then one transaction; files go
// with their rows.
import { randomUUID } from 'node:crypto';
import { createMemoryFields, type CreateMemoryFields, type Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import type { PageQuery } from '../../common/pages.js';
import { requireAccess, requireMemoryPlacement } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';
import { listReply, type ListReply } from '../http/json-list.js';
import { discardFiles, recordMedia, type FormFields, type StagedFile, type StagedImage } from '../media/index.js';
import { statusOfNewRecording } from '../audio/index.js';
import type { KeyClaim } from '../idempotency/index.js';
import * as uploads from '../uploads/index.js';
import { chooseAudience, refusePrivateWithOthers } from './audience.js';
import { checkDirectVideos, claimDirectVideos, releaseDirectVideos, type ClaimedVideo } from './direct-videos.js';
import { isPlaceholderAnswer, queueRecordingWords } from './words.js';
import { presentMemories } from './present.js';
import * as queries from './queries.js';
import { membersOf } from './sharing-queries.js';

/**
 * The memories, presented for `viewer`, with their children loaded in one query per table.
 * The caller has already limited `rows` to what `viewer` may view.
 */
export async function presentMemoriesFor(ctx: AppContext, viewer: UserRow, rows: queries.MemoryRow[]): Promise<Memory[]> {
  return presentMemories(rows, await queries.childrenOf(ctx.db, rows), viewer.id);
}

/**
 * memories §7 GET /api/memories: every memory the caller may view, newest first, read and sent
 * a batch at a time; or, with `limit`, one page of them (common/pages.ts).
 */
export function listMemories(ctx: AppContext, viewer: UserRow, page: PageQuery): Promise<ListReply<Memory>> {
  return listReply(
    { read: (after, limit) => queries.viewableMemoriesAfter(ctx.db, viewer.id, after, limit), present: (rows) => presentMemoriesFor(ctx, viewer, rows) },
    page,
  );
}

/** memories §7 GET /api/memories/{id}: viewers only; 404 for anyone else. */
export async function getMemory(ctx: AppContext, viewer: UserRow, id: string): Promise<Memory> {
  await requireAccess(ctx.db, viewer, 'memory.read', [id]);
  const row = await queries.findMemory(ctx.db, id);
  if (!row) throw notFound(messages.memoryNotFound);
  return (await presentMemoriesFor(ctx, viewer, [row]))[0]!;
}

const mediaRow = (
  memoryId: string,
  ownerId: string,
  kind: queries.NewMedia['kind'],
  file: StagedFile,
  position: number,
  now: string,
  duration: number | null = null,
): queries.NewMedia => ({
  id: randomUUID(),
  memory_id: memoryId,
  owner_id: ownerId,
  kind,
  storage_key: file.key,
  mime_type: file.mimeType,
  size: file.size,
  width: file.width,
  height: file.height,
  duration,
  position,
  created_at: now,
});

/** The three rows of each photo, at positions from `first` on (present.ts groups them by position). */
export const imageRows = (memoryId: string, ownerId: string, images: StagedImage[], first: number, now: string): queries.NewMedia[] =>
  images.flatMap((image, index) =>
    [image.original, image.display, image.thumbnail].map((file) => mediaRow(memoryId, ownerId, 'image', file, first + index, now)),
  );

/** Video rows at positions from `first` on. */
export const videoRows = (memoryId: string, ownerId: string, videos: StagedFile[], first: number, now: string): queries.NewMedia[] =>
  videos.map((video, index) => mediaRow(memoryId, ownerId, 'video', video, first + index, now));

/**
 * The fields of the creation form, authorized before any of its files is accepted
 * (DESIGN "Files come in through server/media/ only"): parsed, the creator a member of every
 * timeline (404 otherwise) and sharedWith only their members (400), and the direct videos
 * the creator's own open uploads.
 */
export async function authorizeCreation(ctx: AppContext, creator: UserRow, raw: FormFields): Promise<{ fields: CreateMemoryFields; videos: StagedFile[] }> {
  const parsed = createMemoryFields.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  const fields = parsed.data;
  refusePrivateWithOthers(creator.id, fields.audience, fields.sharedWith);
  await requireMemoryPlacement(ctx.db, creator, fields.timelineIds, sharedWithOf(creator, fields));
  const videos = await checkDirectVideos(ctx, creator.id, fields.directVideoUrls);
  return { fields, videos };
}

/**
 * A creation form as createMemory takes it: authorized, its files in the store, named by no
 * row yet (read by form.ts, which calls authorizeCreation before the first file).
 */
export interface MemoryForm {
  fields: CreateMemoryFields;
  /** The direct uploads fields.directVideoUrls names, checked as the creator's open uploads. */
  videos: StagedFile[];
  images: StagedImage[];
  audio: StagedFile | null;
  /** The n-th belongs to the n-th of `videos`. */
  videoThumbnails: StagedFile[];
  /** The n-th records the n-th of fields.followUpResponses with hasAudio. */
  followUpAudio: StagedFile[];
  /** Every key the form wrote, to remove when the memory is not saved after all. */
  keys: string[];
}

/** How many followUpAudio files the form must carry: one per answer given by voice. */
export const spokenAnswers = (fields: CreateMemoryFields) => fields.followUpResponses.filter((response) => response.hasAudio).length;

/**
 * The follow-up answers as rows, each spoken one with its recording (the n-th file for the
 * n-th answer with hasAudio), and the recordings' media rows. Those are kind 'audio' like
 * the memory's own recording (position 0), at the answer's position + 1: access checks,
 * deletions and archives that go by a memory's media rows find them without a special case.
 */
function followUpRows(ctx: AppContext, memoryId: string, ownerId: string, form: MemoryForm, now: string) {
  const recordings = [...form.followUpAudio];
  const responses: queries.NewFollowUp[] = [];
  const media: queries.NewMedia[] = [];
  form.fields.followUpResponses.forEach((response, position) => {
    const recording = response.hasAudio ? recordings.shift() : undefined;
    // A spoken answer saved under a placeholder waits for its words (words.ts).
    const transcription_status = recording ? statusOfNewRecording(ctx, !isPlaceholderAnswer(response.answer)) : 'none';
    responses.push({ id: randomUUID(), memory_id: memoryId, question: response.question, answer: response.answer, audio_key: recording?.key ?? null, position, transcription_status });
    if (recording) media.push(mediaRow(memoryId, ownerId, 'audio', recording, position + 1, now, response.audioDuration));
  });
  return { responses, media };
}

/** The creator is always in sharedWith (memories §6), so "private" is the creator alone. */
const sharedWithOf = (creator: UserRow, fields: CreateMemoryFields) => [...new Set([creator.id, ...fields.sharedWith])];

/**
 * memories §7 POST /api/memories, with the form authorized and its files staged. The memory,
 * its timelines, shares, media rows, follow-up answers, the spent uploads and the
 * memory.shared event (whose listeners write the notifications) commit together; if anything
 * fails, the staged files go too and nothing of the memory remains (DESIGN "Media"). Direct
 * uploads are moved to the memory's own keys first and, if it fails, back: they stay the
 * uploader's, unattached, to try again with. A recording saved without words (the memory's
 * voice, a spoken answer under its placeholder) has the job that writes them queued in the
 * same transaction when an engine is configured (words.ts). `claim`
 * writes the send's Idempotency-Key first in the transaction (server/idempotency).
 */
export async function createMemory(
  ctx: AppContext,
  creator: UserRow,
  form: MemoryForm,
  claim?: KeyClaim,
  /** Runs in the memory's transaction once its rows are written (a tell link's story answers its question). */
  saved?: (trx: Db, memoryId: string) => Promise<void>,
): Promise<Memory> {
  const { fields } = form;
  let id: string;
  let followUps: queries.NewFollowUp[];
  let claimed: ClaimedVideo[] = [];
  try {
    // Checked again: the files took a while, and a timeline may have lost the creator or a member meanwhile.
    await requireMemoryPlacement(ctx.db, creator, fields.timelineIds, sharedWithOf(creator, fields));
    // Who sees it (audience.ts): asked for, or read off sharedWith; a 'timeline' memory stores its members now.
    const { audience, sharedWith } = chooseAudience(creator.id, fields.audience, fields.sharedWith, await membersOf(ctx.db, fields.timelineIds));
    if (form.videoThumbnails.length > form.videos.length) throw badRequest(messages.videoThumbnailWithoutVideo);
    // DESIGN "Voice is never dropped": every spoken answer keeps its recording, and every recording belongs to an answer.
    const recordings = form.followUpAudio.length;
    if (recordings !== spokenAnswers(fields)) throw badRequest(messages.followUpAudioCountMismatch(spokenAnswers(fields), recordings));
    if (fields.audioDuration !== null && !form.audio) throw badRequest(messages.audioDurationWithoutAudio);
    // issue 19: the memory keeps each direct video under a key of its own, out of its upload address's reach.
    claimed = await claimDirectVideos(ctx, creator.id, form.videos);
    const videos = claimed.map(({ video }) => video);

    id = randomUUID();
    const now = iso(ctx.now());
    const answers = followUpRows(ctx, id, creator.id, form, now);
    const voiceStatus = form.audio ? statusOfNewRecording(ctx, fields.transcription.trim() !== '') : 'none';
    followUps = answers.responses;
    const media = [
      ...imageRows(id, creator.id, form.images, 0, now),
      ...videoRows(id, creator.id, videos, 0, now),
      // Beside its video by position (present.ts pairs them).
      ...form.videoThumbnails.map((thumbnail, position) => mediaRow(id, creator.id, 'video_thumbnail', thumbnail, position, now)),
      ...(form.audio ? [mediaRow(id, creator.id, 'audio', form.audio, 0, now, fields.audioDuration)] : []),
      ...answers.media,
    ];
    await ctx.db.transaction().execute(async (trx) => {
      await claim?.(trx, id);
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
          audience,
          transcription_status: voiceStatus,
          created_at: now,
          updated_at: now,
        },
        fields.timelineIds,
        sharedWith,
      );
      await recordMedia(trx, media);
      await queries.insertFollowUps(trx, followUps);
      await queueRecordingWords(trx, {
        memoryId: voiceStatus === 'queued' ? id : null,
        answerIds: followUps.filter((answer) => answer.transcription_status === 'queued').map((answer) => answer.id),
      });
      // Another memory may have taken an upload since it was checked: then this one fails whole.
      const keys = claimed.map(({ uploadKey }) => uploadKey);
      if ((await uploads.attach(trx, creator.id, keys)) !== keys.length) throw badRequest(messages.videoUploadNotFound);
      await saved?.(trx, id);
      // DESIGN "Notifications": the notifications feature listens and writes memory_shared rows,
      // for everyone who can see it now (a 'timeline' memory: the members now). Nobody hears of
      // it when they merely join a timeline later: that would flood a newcomer.
      const userIds = sharedWith.filter((userId) => userId !== creator.id);
      if (userIds.length > 0) await ctx.events.emit('memory.shared', { memoryId: id, title: fields.title, sharerId: creator.id, userIds, at: now }, trx);
    });
  } catch (error) {
    await discardFiles(ctx.media, form.keys);
    await releaseDirectVideos(ctx, creator.id, claimed);
    throw error;
  }
  return getMemory(ctx, creator, id);
}

/**
 * memories §7 DELETE /api/memories/{id}: the creator only (404 for those who cannot see it,
 * 403 for other viewers). The files go once the rows' deletion has committed, so a failure
 * leaves at worst an orphan file, never a memory without its media.
 */
export async function deleteMemory(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await requireAccess(ctx.db, user, 'memory.edit', [id]);
  const keys = await ctx.db.transaction().execute((trx) => queries.deleteMemory(trx, id));
  await discardFiles(ctx.media, keys);
}
