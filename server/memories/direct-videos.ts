// Videos sent before the memory through the direct-upload flow (memories §7: POST
// /api/upload/presigned-url, then PUT; the finalUrl goes in directVideoUrls). The uploads
// feature records each PUT as an `uploads` row; a memory may take only its own creator's
// uploads that no memory holds yet, and their bytes are checked in the store by
// server/media (on S3 they never passed through this server before now).
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { checkStoredVideo, mediaKeyOfUrl, type StagedFile } from '../media/index.js';
import * as queries from './queries.js';

/**
 * The videos `urls` name, each an open upload of `ownerId` whose bytes are a video of at most
 * 250 MB. Refuses the whole list otherwise (400 "Video upload not found" for anything that
 * is not the caller's open upload, so no key reveals whether it exists).
 */
export async function checkDirectVideos(ctx: AppContext, ownerId: string, urls: string[]): Promise<StagedFile[]> {
  const keys = urls.map(mediaKeyOfUrl);
  if (keys.some((key) => key === null || !key.startsWith('videos/'))) throw badRequest(messages.videoUploadNotFound);
  const unique = [...new Set(keys as string[])];
  const open = new Set(await queries.openUploads(ctx.db, ownerId, unique));
  if (unique.some((key) => !open.has(key))) throw badRequest(messages.videoUploadNotFound);
  return Promise.all(unique.map((key) => checkStoredVideo(ctx, key)));
}
