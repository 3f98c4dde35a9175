// Reads the body of POST /api/memories (memories §3 "Memory creation form"): text fields,
// up to 3 images, one voice recording and a thumbnail per direct video. Each file streams
// straight into the media store as its part arrives; whatever goes wrong after that (a
// refused part, a client that hangs up, bad fields) removes every file this request wrote.
import type { FastifyRequest } from 'fastify';
import { AUDIO_MAX_BYTES, CAPTURE_IMAGES_MAX, MEMORY_TEXT_MAX, MEMORY_VIDEOS_MAX } from '../../common/limits.js';
import {
  createMemoryFields,
  DIRECT_VIDEO_THUMBNAILS_FIELD,
  DIRECT_VIDEO_URLS_FIELD,
  MEMORY_AUDIO_FIELD,
  MEMORY_IMAGES_FIELD,
  type CreateMemoryFields,
} from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { discardRestOfBody } from '../media/index.js';
import { stageImage, stageVideoThumbnail, type StagedImage } from './images.js';
import { discardFiles, stageAudio, type StagedFile } from './stored-files.js';

/** A parsed creation form whose files are in the store, named by no row yet. */
export interface MemoryForm {
  fields: CreateMemoryFields;
  images: StagedImage[];
  audio: StagedFile | null;
  /** The n-th belongs to the n-th of fields.directVideoUrls (service.ts refuses any without one). */
  videoThumbnails: StagedFile[];
}

type StagedParts = Pick<MemoryForm, 'images' | 'audio' | 'videoThumbnails'>;

/** Every key a form wrote, to remove when the memory is not saved after all. */
export function stagedKeys(form: StagedParts): string[] {
  const images = form.images.flatMap((image) => [image.original.key, image.display.key, image.thumbnail.key]);
  return [...images, ...(form.audio ? [form.audio.key] : []), ...form.videoThumbnails.map((file) => file.key)];
}

/** Room for a field of MEMORY_TEXT_MAX characters of any script (up to 4 bytes each in UTF-8). */
const FIELD_SIZE = MEMORY_TEXT_MAX * 4;

export async function readMemoryForm(ctx: AppContext, request: FastifyRequest): Promise<MemoryForm> {
  if (!request.isMultipart()) throw badRequest(messages.memoryFormNotMultipart);
  const staged: StagedParts = { images: [], audio: null, videoThumbnails: [] };
  try {
    const fields: Record<string, string | string[]> = {};
    const parts = request.parts({
      limits: {
        // STACK-NOTES: the plugin's 1 MiB default silently truncates. One byte over the largest
        // kind lets each kind's own check refuse in its words first (images 25 MB, audio 50 MB).
        fileSize: AUDIO_MAX_BYTES + 1,
        // One more file than a memory may hold, so the extra one is refused in our words.
        files: CAPTURE_IMAGES_MAX + 1 + MEMORY_VIDEOS_MAX + 1,
        fieldSize: FIELD_SIZE,
        fields: 20,
      },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (part.valueTruncated) throw badRequest(messages.memoryTextTooLong);
        // multipart/form-data turns every line break into CRLF on the way (HTML's form
        // encoding); the notes are stored with the LF the user typed, as JSON calls send them.
        const value = String(part.value).replace(/\r\n?/g, '\n');
        if (part.fieldname === DIRECT_VIDEO_URLS_FIELD) fields[part.fieldname] = [...((fields[part.fieldname] as string[]) ?? []), value];
        else fields[part.fieldname] = value;
        continue;
      }
      if (part.fieldname === MEMORY_IMAGES_FIELD) {
        // memories §5, §9: 3 images per memory. Refused before the fourth is stored.
        if (staged.images.length >= CAPTURE_IMAGES_MAX) throw badRequest(messages.maxImagesReached);
        staged.images.push(await stageImage(ctx, part.file));
      } else if (part.fieldname === MEMORY_AUDIO_FIELD) {
        if (staged.audio) throw badRequest(messages.audioOneOnly);
        staged.audio = await stageAudio(ctx, part.file);
      } else if (part.fieldname === DIRECT_VIDEO_THUMBNAILS_FIELD) {
        if (staged.videoThumbnails.length >= MEMORY_VIDEOS_MAX) throw badRequest(messages.videoThumbnailWithoutVideo);
        staged.videoThumbnails.push(await stageVideoThumbnail(ctx, part.file));
      } else {
        throw badRequest(messages.memoryFileFieldRefused);
      }
      // Each kind's check refuses below the plugin's limit; this catches the plugin's own cut.
      if (part.file.truncated) throw new HttpError(413, part.fieldname === MEMORY_AUDIO_FIELD ? messages.audioTooLarge : messages.memoryImageTooLarge);
    }
    const parsed = createMemoryFields.safeParse(fields);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
    return { ...staged, fields: parsed.data };
  } catch (error) {
    discardRestOfBody(request);
    await discardFiles(ctx.media, stagedKeys(staged));
    throw translate(error);
  }
}

/** The multipart plugin's own refusals, in the words of this call. */
function translate(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest(messages.maxImagesReached);
  if (code === 'FST_FIELDS_LIMIT') return badRequest(messages.memoryFormTooManyFields);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.audioTooLarge);
  return error;
}
