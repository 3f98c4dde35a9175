// Reads the profile calls' bodies (accounts §7): multipart with displayName and/or
// profileImage, or JSON with displayName. The picture streams straight into the media
// store while the form is read; any refusal after that removes it again.
import type { FastifyRequest } from 'fastify';
import { PROFILE_IMAGE_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { PROFILE_IMAGE_FIELD, updateProfileFields } from '../../common/users.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { discardRestOfBody, discardStaged, stageAvatar, type StagedMedia } from '../media/index.js';
import type { ProfileChange } from './service.js';

export async function readProfileForm(ctx: AppContext, request: FastifyRequest): Promise<ProfileChange> {
  if (!request.isMultipart()) return { ...parseFields(request.body ?? {}), image: null };

  let image: StagedMedia | null = null;
  try {
    const fields: Record<string, string> = {};
    // STACK-NOTES: the plugin's default file limit is 1 MiB and silently truncates, so the
    // limit is set here; one file only, so a second one cannot pile up in the store.
    const parts = request.parts({ limits: { fileSize: PROFILE_IMAGE_MAX_BYTES, files: 1 } });
    for await (const part of parts) {
      if (part.type === 'field') {
        fields[part.fieldname] = String(part.value);
        continue;
      }
      if (part.fieldname !== PROFILE_IMAGE_FIELD) {
        throw badRequest(`Only ${PROFILE_IMAGE_FIELD} may carry a file`);
      }
      image = await stageAvatar(ctx, part.file);
      // The image check already refuses at the limit; this catches the plugin's own cut.
      if (part.file.truncated) throw new HttpError(413, messages.profileImageTooLargeDetail);
    }
    return { ...parseFields(fields), image };
  } catch (error) {
    discardRestOfBody(request);
    if (image) await discardStaged(ctx, image);
    throw translate(error);
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
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, messages.profileImageTooLargeDetail);
  return error;
}
