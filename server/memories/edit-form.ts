// Reads the body of PATCH /api/memories/{id} (memories §7) in both its forms: JSON
// {title, content, transcription, tags, createdAt} without media changes, or multipart with
// the same fields (tags as JSON text), imageIdsToDelete, videoIdsToDelete and
// imagePathsToDelete (JSON lists), and repeated `images` and `videos` files. The caller must
// be the memory's creator before any field is judged or any file accepted; the media to
// delete and the room left are checked on the fields, so a file that cannot fit is refused
// before it is stored.
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CAPTURE_IMAGES_MAX, MEMORY_TAG_MAX, MEMORY_TAGS_MAX, MEMORY_TEXT_MAX, MEMORY_TITLE_MAX, MEMORY_VIDEO_MAX_BYTES, MEMORY_VIDEOS_MAX } from '../../common/limits.js';
import { MEMORY_IMAGES_FIELD } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { badRequest, HttpError } from '../http/errors.js';
import { readMultipart, stageImage, stageVideo, videoTooLarge, type FormFields, type StagedFile, type StagedImage } from '../media/index.js';
import { authorizeEdit, checkRoom, noFiles, planEdit, type MemoryEdit, type MemoryEditRequest } from './edit-service.js';

/** memories §7: the edit form's repeated file field for new videos (images use MEMORY_IMAGES_FIELD). */
export const MEMORY_EDIT_VIDEOS_FIELD = 'videos';

const text = z
  .string({ error: messages.memoryTextTooLong })
  .max(MEMORY_TEXT_MAX, { error: messages.memoryTextTooLong })
  .nullable()
  .transform((value) => value ?? '');

/** memories §5: a tag is trimmed, duplicates are ignored (and blanks dropped). */
const tagList = z
  .array(z.string({ error: messages.memoryTagsInvalid }), { error: messages.memoryTagsInvalid })
  .transform((tags) => [...new Set(tags.map((tag) => tag.trim()).filter((tag) => tag !== ''))])
  .pipe(z.array(z.string().max(MEMORY_TAG_MAX, { error: messages.memoryTagTooLong })).max(MEMORY_TAGS_MAX, { error: messages.memoryTooManyTags }));

const idList = (field: string) =>
  z.array(z.string().min(1).max(2000), { error: messages.memoryIdListInvalid(field) }).max(100, { error: messages.memoryIdListInvalid(field) });

/** The fields as JSON sends them. */
const memoryEditJson = z.object({
  // memories §5: 'Memory title cannot be empty.'
  title: z
    .string({ error: messages.memoryTitleEmpty })
    .trim()
    .min(1, { error: messages.memoryTitleEmpty })
    .max(MEMORY_TITLE_MAX, { error: messages.memoryTitleTooLong })
    .optional(),
  content: text.optional(),
  transcription: text.optional(),
  tags: tagList.optional(),
  // Stored as UTC ISO, as every time is (DESIGN "Data model").
  createdAt: z.iso
    .datetime({ offset: true, error: messages.memoryDateInvalid })
    .transform((value) => new Date(value).toISOString())
    .optional(),
  imageIdsToDelete: idList('imageIdsToDelete').default([]),
  videoIdsToDelete: idList('videoIdsToDelete').default([]),
  imagePathsToDelete: idList('imagePathsToDelete').default([]),
});

const LIST_FIELDS = ['tags', 'imageIdsToDelete', 'videoIdsToDelete', 'imagePathsToDelete'] as const;
const listMessage = (field: (typeof LIST_FIELDS)[number]) => (field === 'tags' ? messages.memoryTagsInvalid : messages.memoryIdListInvalid(field));

export function parseMemoryEdit(body: unknown): MemoryEdit {
  if (body !== undefined && body !== null && (typeof body !== 'object' || Array.isArray(body))) throw badRequest(messages.memoryEditBodyInvalid);
  const parsed = memoryEditJson.safeParse(body ?? {});
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** The multipart fields: the lists arrive as JSON text (an empty field is an empty list). */
function parseFormFields(fields: FormFields): MemoryEdit {
  const body: Record<string, unknown> = { ...fields };
  for (const field of LIST_FIELDS) {
    const value = fields[field];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw badRequest(listMessage(field));
    if (value.trim() === '') {
      body[field] = [];
      continue;
    }
    try {
      body[field] = JSON.parse(value);
    } catch {
      throw badRequest(listMessage(field));
    }
  }
  return parseMemoryEdit(body);
}

/** Room for a field of MEMORY_TEXT_MAX characters of any script (up to 4 bytes each in UTF-8). */
const FIELD_SIZE = MEMORY_TEXT_MAX * 4;

export async function readMemoryEdit(ctx: AppContext, request: FastifyRequest, editor: UserRow, id: string): Promise<MemoryEditRequest> {
  if (!request.isMultipart()) {
    await authorizeEdit(ctx, editor, id);
    return { edit: parseMemoryEdit(request.body), files: noFiles() };
  }
  const images: StagedImage[] = [];
  const videos: StagedFile[] = [];
  const form = await readMultipart(ctx, request, {
    limits: {
      // One byte over the largest kind (a 250 MB video) lets each gate refuse in its words first.
      fileSize: MEMORY_VIDEO_MAX_BYTES + 1,
      // One more file than a memory may hold, so the extra one is refused in our words.
      files: CAPTURE_IMAGES_MAX + MEMORY_VIDEOS_MAX + 1,
      fieldSize: FIELD_SIZE,
      fields: 20,
    },
    async authorize(fields) {
      await authorizeEdit(ctx, editor, id);
      const edit = parseFormFields(fields);
      return { edit, plan: await planEdit(ctx, id, edit) };
    },
    async file(part, { plan }) {
      if (part.fieldname === MEMORY_IMAGES_FIELD) {
        // memories §5: counted on the result, refused before the file that would not fit is stored.
        checkRoom(plan, images.length + 1, videos.length);
        const image = await stageImage(ctx, part.file, part.filename);
        images.push(image);
        return [image.original.key, image.display.key, image.thumbnail.key];
      }
      if (part.fieldname === MEMORY_EDIT_VIDEOS_FIELD) {
        checkRoom(plan, images.length, videos.length + 1);
        const video = await stageVideo(ctx, part.file);
        videos.push(video);
        return [video.key];
      }
      throw badRequest(messages.memoryEditFileFieldRefused);
    },
    fieldTooLong: messages.memoryTextTooLong,
    fileTooLarge: (fieldname) => (fieldname === MEMORY_EDIT_VIDEOS_FIELD ? videoTooLarge() : new HttpError(413, messages.memoryImageTooLarge)),
    translate,
  });
  return { edit: form.authorized.edit, files: { images, videos, keys: form.keys } };
}

/** The multipart plugin's own refusals, in the words of this call. */
function translate(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest(messages.maxImagesReached);
  if (code === 'FST_FIELDS_LIMIT') return badRequest(messages.memoryFormTooManyFields);
  // Only a video may be that large: every other kind's gate refuses far below.
  if (code === 'FST_REQ_FILE_TOO_LARGE') return videoTooLarge();
  return error;
}
