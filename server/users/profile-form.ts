// Reads the profile calls' bodies (accounts §7): multipart with displayName and/or
// profileImage, or JSON with displayName. The picture streams into the media store through
// server/media's one reader; any refusal after that removes it again.
import type { FastifyRequest } from 'fastify';
import { DISPLAY_NAME_MAX, PROFILE_IMAGE_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { PROFILE_IMAGE_FIELD, updateProfileFields } from '../../common/users.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { discardFiles, readMultipart, stageAvatar, type StagedFile } from '../media/index.js';
import type { ProfileChange } from './service.js';

const imageTooLarge = () => new HttpError(413, messages.profileImageTooLargeDetail);

export async function readProfileForm(ctx: AppContext, request: FastifyRequest): Promise<ProfileChange> {
  if (!request.isMultipart()) return { ...parseFields(request.body ?? {}), image: null };

  let image: StagedFile | null = null;
  const form = await readMultipart(ctx, request, {
    // STACK-NOTES: one file only, so a second one cannot pile up in the store; the image
    // check refuses at the limit, the plugin's limit is the backstop.
    limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1, fieldSize: DISPLAY_NAME_MAX * 4 + 1024, fields: 10 },
    // Changing one's own picture needs nothing beyond being signed in (requireUser), so
    // the name may come before or after it.
    authorize: async () => undefined,
    fieldsAfterFiles: 'accept',
    async file(part) {
      if (part.fieldname !== PROFILE_IMAGE_FIELD) throw badRequest(`Only ${PROFILE_IMAGE_FIELD} may carry a file`);
      image = await stageAvatar(ctx, part.file, part.filename);
      return [image.key];
    },
    fieldTooLong: messages.displayNameTooLong,
    fileTooLarge: imageTooLarge,
    translate,
  });
  try {
    return { ...parseFields(form.fields), image };
  } catch (error) {
    await discardFiles(ctx.media, form.keys);
    throw error;
  }
}

function parseFields(body: unknown): { displayName?: string } {
  const parsed = updateProfileFields.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]!.message);
  return parsed.data;
}

/** The multipart plugin's own refusals, in the words of the profile calls. */
function translate(error: unknown): unknown {
  const code = (error as { code?: string } | null)?.code;
  if (code === 'FST_FILES_LIMIT') return badRequest(messages.profileImageOneOnly);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return imageTooLarge();
  return error;
}
