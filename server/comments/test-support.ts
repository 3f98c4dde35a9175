// Test helpers for comments: the form as the detail dialog sends it, and what of comments
// is left in the database and the media store.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FormPart } from '../media/test-support.js';
import { localMediaRoot } from '../providers/storage/index.js';
import type { TestApp } from '../test/app.js';

export const contentPart = (value: string): FormPart => ({ name: 'content', value });
/** A voice comment's recording part: a WebM by default, named as an older page named it. */
export const voicePart = (data: Buffer, filename = 'comment.webm', type = 'audio/webm'): FormPart => ({ name: 'audio', filename, type, data });

/** The comment recordings in the local store (DATA_DIR/media/comment-audio). */
export function storedCommentAudio(t: TestApp): string[] {
  const folder = join(localMediaRoot(t.ctx.config), 'comment-audio');
  return existsSync(folder) ? readdirSync(folder).map((name) => `comment-audio/${name}`) : [];
}

export async function commentRowsOf(t: TestApp, memoryId: string) {
  return t.ctx.db.selectFrom('comments').selectAll().where('memory_id', '=', memoryId).orderBy('created_at').execute();
}

export async function commentAudioMediaRows(t: TestApp) {
  return t.ctx.db.selectFrom('media').select(['storage_key', 'memory_id', 'owner_id', 'mime_type', 'size']).where('kind', '=', 'comment_audio').execute();
}
