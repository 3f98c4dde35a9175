// Reads the body of POST /api/memories (memories §3 "Memory creation form"): text fields,
// up to 3 images, one voice recording, a thumbnail per direct video and the recordings of
// the follow-up answers given by voice (DESIGN "Voice is never dropped"), through
// server/media's one reader. The fields come first and are authorized (the creator belongs
// to every timeline, sharedWith names only their members, the direct videos are the
// creator's) before the first file is accepted; each file then streams into the store as
// its part arrives, and any failure removes every file this request wrote.
import type { FastifyRequest } from 'fastify';
import { AUDIO_MAX_BYTES, CAPTURE_IMAGES_MAX, FOLLOW_UP_RESPONSES_MAX, MEMORY_TEXT_MAX, MEMORY_VIDEOS_MAX } from '../../common/limits.js';
import { DIRECT_VIDEO_THUMBNAILS_FIELD, DIRECT_VIDEO_URLS_FIELD, FOLLOW_UP_AUDIO_FIELD, MEMORY_AUDIO_FIELD, MEMORY_IMAGES_FIELD } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, HttpError } from '../http/errors.js';
import { currentUser } from '../http/session.js';
import { readMultipart, stageAudio, stageImage, stageVideoThumbnail, type FormFields, type StagedFile, type StagedImage } from '../media/index.js';
import { authorizeCreation, spokenAnswers, type MemoryForm } from './service.js';

/** Room for a field of MEMORY_TEXT_MAX characters of any script (up to 4 bytes each in UTF-8). */
const FIELD_SIZE = MEMORY_TEXT_MAX * 4;

/**
 * Whose memory the form makes: the signed-in caller's, with the fields as sent; or a tell
 * link's storyteller's (server/storytellers), whose fields the link completes (its timeline,
 * its audience, the question as title) before they are authorized.
 */
export interface MemoryFormMaker {
  creator: UserRow;
  fieldsOf?(sent: FormFields): FormFields | Promise<FormFields>;
}

export async function readMemoryForm(ctx: AppContext, request: FastifyRequest, maker: MemoryFormMaker = { creator: currentUser(request) }): Promise<MemoryForm> {
  if (!request.isMultipart()) throw badRequest(messages.memoryFormNotMultipart);
  const { creator } = maker;
  const images: StagedImage[] = [];
  const videoThumbnails: StagedFile[] = [];
  const followUpAudio: StagedFile[] = [];
  let audio: StagedFile | null = null;
  const form = await readMultipart(ctx, request, {
    limits: {
      // One byte over the largest kind lets each kind's own check refuse in its words first
      // (images 25 MB, audio 50 MB).
      fileSize: AUDIO_MAX_BYTES + 1,
      // One more file than a memory may hold, so the extra one is refused in our words.
      files: CAPTURE_IMAGES_MAX + 1 + MEMORY_VIDEOS_MAX + FOLLOW_UP_RESPONSES_MAX + 1,
      fieldSize: FIELD_SIZE,
      fields: 20,
    },
    repeated: [DIRECT_VIDEO_URLS_FIELD],
    authorize: async (fields) => authorizeCreation(ctx, creator, maker.fieldsOf ? await maker.fieldsOf(fields) : fields),
    async file(part, { fields, videos }) {
      if (part.fieldname === MEMORY_IMAGES_FIELD) {
        // memories §5, §9: 3 images per memory. Refused before the fourth is stored.
        if (images.length >= CAPTURE_IMAGES_MAX) throw badRequest(messages.maxImagesReached);
        const image = await stageImage(ctx, part.file, part.filename);
        images.push(image);
        return [image.original.key, image.display.key, image.thumbnail.key];
      }
      if (part.fieldname === MEMORY_AUDIO_FIELD) {
        if (audio) throw badRequest(messages.audioOneOnly);
        audio = await stageAudio(ctx, part.file);
        return [audio.key];
      }
      if (part.fieldname === FOLLOW_UP_AUDIO_FIELD) {
        // Refused before an extra recording is stored; too few is found once the form is read.
        const expected = spokenAnswers(fields);
        if (followUpAudio.length >= expected) throw badRequest(messages.followUpAudioCountMismatch(expected, followUpAudio.length + 1));
        const recording = await stageAudio(ctx, part.file);
        followUpAudio.push(recording);
        return [recording.key];
      }
      if (part.fieldname === DIRECT_VIDEO_THUMBNAILS_FIELD) {
        // One frame per video; a video named twice is one video, with room for one frame.
        if (videoThumbnails.length >= videos.length) throw badRequest(messages.videoThumbnailWithoutVideo);
        const thumbnail = await stageVideoThumbnail(ctx, part.file, part.filename);
        videoThumbnails.push(thumbnail);
        return [thumbnail.key];
      }
      throw badRequest(messages.memoryFileFieldRefused);
    },
    fieldTooLong: messages.memoryTextTooLong,
    fileTooLarge: (fieldname) =>
      new HttpError(413, fieldname === MEMORY_AUDIO_FIELD || fieldname === FOLLOW_UP_AUDIO_FIELD ? messages.audioTooLarge : messages.memoryImageTooLarge),
    translate,
  });
  return { fields: form.authorized.fields, videos: form.authorized.videos, images, audio, videoThumbnails, followUpAudio, keys: form.keys };
}

/** The multipart plugin's own refusals, in the words of this call. */
function translate(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest(messages.maxImagesReached);
  if (code === 'FST_FIELDS_LIMIT') return badRequest(messages.memoryFormTooManyFields);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.audioTooLarge);
  return error;
}
