// The rules of comments (memories §3 "Comment", §5, §6; DESIGN "Comments", "Notifications",
// "AI"): any viewer of a memory may comment and read the conversation; only the author
// deletes. Access first, then one transaction; a recording goes with its row.
import { randomUUID } from 'node:crypto';
import type { Comment } from '../../common/comments.js';
import { COMMENT_TEXT_MAX } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { PageQuery } from '../../common/pages.js';
import { requireAccess } from '../access/index.js';
import { engineConfigured, queueWords, statusOfNewRecording } from '../audio/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, notFound } from '../http/errors.js';
import { listReply, type ListReply } from '../http/json-list.js';
import type { KeyClaim } from '../idempotency/index.js';
import { discardFiles, type StagedFile } from '../media/index.js';
import { presentComments } from './present.js';
import * as queries from './queries.js';
import { commentWords } from './words.js';

/** The comments as `viewer` sees them, with their authors read in one query. */
const presentFor = async (ctx: AppContext, viewer: UserRow, rows: queries.CommentRow[]) =>
  presentComments(rows, await queries.authors(ctx.db, rows.map((row) => row.user_id)), viewer.id);

/** The memory's whole conversation as `viewer` sees it, oldest first, for the archives (comments/index.ts). */
export async function listComments(ctx: AppContext, viewer: UserRow, memoryId: string): Promise<Comment[]> {
  await requireAccess(ctx.db, viewer, 'memory.read', [memoryId]);
  return presentFor(ctx, viewer, await queries.listComments(ctx.db, memoryId));
}

/**
 * memories §7 GET /api/memories/{id}/comments: the memory's viewers only (404 otherwise),
 * oldest first, read and sent a batch at a time; with `limit`, one page (common/pages.ts).
 */
export async function commentList(ctx: AppContext, viewer: UserRow, memoryId: string, page: PageQuery): Promise<ListReply<Comment>> {
  await requireAccess(ctx.db, viewer, 'memory.read', [memoryId]);
  return listReply({ read: (after, limit) => queries.commentsAfter(ctx.db, memoryId, after, limit), present: (rows) => presentFor(ctx, viewer, rows) }, page);
}

/**
 * DESIGN "Comments": any viewer of the memory may add one. Asked before a byte of the form
 * is read, since the memory is named in the path: a caller who may not see it hears 404
 * and no recording of theirs is ever stored.
 */
export async function authorizeComment(ctx: AppContext, author: UserRow, memoryId: string): Promise<void> {
  await requireAccess(ctx.db, author, 'memory.read', [memoryId]);
}

/**
 * A read comment form as createComment takes it: its text (as sent; commentText decides what
 * is blank) and its recording, in the store (read by form.ts after authorizeComment).
 */
export interface CommentForm {
  content: string | null;
  audio: StagedFile | null;
  /** Every key the form wrote, to remove when the comment is not saved after all. */
  keys: string[];
}

/** memories §5: non-blank text or a recording; the text within COMMENT_TEXT_MAX. */
function commentText(form: CommentForm): string | null {
  // Blank lines around what was written are not part of it.
  const content = form.content?.trim() || null;
  if (!content && !form.audio) throw badRequest(messages.commentToastEmptyDetail);
  // Characters as a reader counts them: an emoji is one, not two UTF-16 units.
  if (content && [...content].length > COMMENT_TEXT_MAX) throw badRequest(messages.commentTextTooLong);
  return content;
}

/**
 * memories §7 POST /api/memories/{id}/comments, with the form read and its recording staged.
 * The comment, its recording's media row and the comment.created event (whose listener
 * writes comment_added notifications) commit together; if anything fails the recording
 * goes too. With an engine configured, the job that writes the recording's words is queued in
 * the same transaction (words.ts), so it runs even if this process stops. Answers the comment as its author sees it. `claim` writes the send's
 * Idempotency-Key first in the transaction (server/idempotency).
 */
export async function addComment(
  ctx: AppContext,
  author: UserRow,
  memoryId: string,
  form: CommentForm,
  claim?: KeyClaim,
): Promise<Comment> {
  const id = randomUUID();
  try {
    const content = commentText(form);
    // Checked again: the recording took a while, and the memory may have been unshared or deleted meanwhile.
    await requireAccess(ctx.db, author, 'memory.read', [memoryId]);
    const now = iso(ctx.now());
    const { audio } = form;
    await ctx.db.transaction().execute(async (trx) => {
      await claim?.(trx, id);
      await queries.insertComment(
        trx,
        {
          id,
          memory_id: memoryId,
          user_id: author.id,
          content,
          transcription: null,
          audio_key: audio?.key ?? null,
          transcription_status: audio ? statusOfNewRecording(ctx, false) : 'none',
          created_at: now,
        },
        audio && {
          id: randomUUID(),
          memory_id: memoryId,
          owner_id: author.id,
          kind: 'comment_audio',
          storage_key: audio.key,
          mime_type: audio.mimeType,
          size: audio.size,
          width: null,
          height: null,
          duration: null,
          position: 0,
          created_at: now,
        },
      );
      if (audio && engineConfigured(ctx)) await queueWords(trx, commentWords.kind, id);
      // DESIGN "Notifications": the notifications feature listens and writes comment_added.
      await ctx.events.emit('comment.created', { commentId: id, memoryId, authorId: author.id, at: now }, trx);
    });
  } catch (error) {
    await discardFiles(ctx.media, form.keys);
    throw error;
  }
  return presentOne(ctx, author, id);
}

/** The comment as `viewer` sees it: 404 once deleted (a repeated Idempotency-Key's answer, server/idempotency). */
export async function presentOne(ctx: AppContext, viewer: UserRow, id: string): Promise<Comment> {
  const row = await queries.findComment(ctx.db, id);
  // Deleted between its commit and this read: as gone as any other missing comment.
  if (!row) throw notFound(messages.commentNotFound);
  return presentComments([row], await queries.authors(ctx.db, [row.user_id]), viewer.id)[0]!;
}

/**
 * memories §7 DELETE /api/comments/{id}: its author only (memories §6): 404 to whoever cannot
 * view its memory, 403 to other viewers. The recording goes once the row's deletion has
 * committed, so a failure leaves at worst an orphan file, never a comment without its voice.
 */
export async function deleteComment(ctx: AppContext, user: UserRow, id: string): Promise<void> {
  await requireAccess(ctx.db, user, 'comment.delete', [id]);
  const audioKey = await ctx.db.transaction().execute((trx) => queries.deleteComment(trx, id));
  if (audioKey) await discardFiles(ctx.media, [audioKey]);
}
