// Reads POST /api/audio/transcribe's multipart body (memories §7: the file in field `audio`).
// The recording streams into a temp file while the form is read; any refusal after that
// removes it again, and is answered once the rest of the body has been drained.
import type { FastifyRequest } from 'fastify';
import { AUDIO_FIELD } from '../../common/audio.js';
import { AUDIO_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { badRequest, HttpError } from '../http/errors.js';
import { drainBody } from '../media/index.js';
import { discardRecording, stageRecording, type StagedRecording } from './service.js';

export async function readRecordingForm(request: FastifyRequest): Promise<StagedRecording> {
  if (!request.isMultipart()) throw badRequest(messages.audioMissing);

  let staged: StagedRecording | null = null;
  try {
    // The plugin's default file limit is 1 MiB and silently truncates, so it is set here,
    // one byte past ours: the byte gate refuses in words first, the plugin is the backstop.
    // One file only, so a second recording cannot pile up on disk.
    const parts = request.parts({ limits: { fileSize: AUDIO_MAX_BYTES + 1, files: 1 } });
    for await (const part of parts) {
      if (part.type === 'field') continue;
      if (part.fieldname !== AUDIO_FIELD) throw badRequest(messages.audioMissing);
      staged = await stageRecording(part.file);
      if (part.file.truncated) throw new HttpError(413, messages.audioTooLarge);
    }
    if (!staged) throw badRequest(messages.audioMissing);
    return staged;
  } catch (error) {
    if (staged) await discardRecording(staged);
    await drainBody(request);
    throw translate(error);
  }
}

/** The multipart plugin's own refusals, in the words of this call. */
function translate(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest(messages.audioOneOnly);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.audioTooLarge);
  return error;
}
