// Reads the body of POST /api/memories/{id}/comments (memories §7: multipart, an optional
// `content` text and an optional `audio` recording, a webm from the browser) through
// server/media's one reader. The memory is named in the path, so the caller's right to
// comment is checked before a byte of the body is read (a refusal is answered once the rest
// has been drained); the recording then streams through the byte gate into the store as it
// arrives, and any failure drains the rest of the body and removes what it wrote.
import type { FastifyRequest } from 'fastify';
import { COMMENT_AUDIO_FIELD, COMMENT_CONTENT_FIELD } from '../../common/comments.js';
import { AUDIO_MAX_BYTES, COMMENT_TEXT_MAX } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, HttpError } from '../http/errors.js';
import { drainBody, readMultipart, stageAudio, type StagedFile } from '../media/index.js';
import { authorizeComment, type CommentForm } from './service.js';

export async function readCommentForm(ctx: AppContext, request: FastifyRequest, author: UserRow, memoryId: string): Promise<CommentForm> {
  try {
    await authorizeComment(ctx, author, memoryId);
    if (!request.isMultipart()) throw badRequest(messages.commentFormNotMultipart);
  } catch (error) {
    await drainBody(request);
    throw error;
  }
  let audio: StagedFile | null = null;
  const form = await readMultipart(ctx, request, {
    limits: {
      // One byte over 50 MB lets the audio gate refuse in its words first (DESIGN "Media").
      fileSize: AUDIO_MAX_BYTES + 1,
      // One more than a comment holds, so a second recording is refused in our words.
      files: 2,
      // Room for COMMENT_TEXT_MAX characters of any script (up to 4 bytes each in UTF-8).
      fieldSize: COMMENT_TEXT_MAX * 4,
      fields: 5,
    },
    // Authorized above, by the memory in the path, before the body was read.
    authorize: async () => undefined,
    fieldsAfterFiles: 'accept',
    async file(part) {
      if (part.fieldname !== COMMENT_AUDIO_FIELD) throw badRequest(messages.commentFileFieldRefused);
      if (audio) throw badRequest(messages.audioOneOnly);
      audio = await stageAudio(ctx, part.file, 'comment-audio');
      return [audio.key];
    },
    fieldTooLong: messages.commentTextTooLong,
    fileTooLarge: () => new HttpError(413, messages.audioTooLarge),
    translate,
  });
  const content = form.fields[COMMENT_CONTENT_FIELD];
  return { content: typeof content === 'string' ? content : null, audio, keys: form.keys };
}

/** The multipart plugin's own refusals, in the words of this call. */
function translate(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest(messages.audioOneOnly);
  if (code === 'FST_FIELDS_LIMIT') return badRequest(messages.commentFormTooManyFields);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.audioTooLarge);
  return error;
}
