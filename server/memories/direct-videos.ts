// Videos sent before the memory through the direct-upload flow (memories §7: POST
// /api/upload/presigned-url, then the upload; the finalUrl goes in directVideoUrls). The uploads
// feature records each address as an `uploads` row; a memory may take only its own creator's
// uploads that no memory holds yet, and their bytes are checked in the store by
// server/media (on S3 they never passed through this server before now).
//
// issue 19: the upload's address stays valid for an hour, so a video checked under the key it
// names could be replaced after the memory is saved. Saving therefore moves each video to a
// key the server makes (claimDirectVideos), checks it there, and the memory names that key:
// the address can still write to its own key, which no memory shows.
import { messages } from '../../common/messages.js';
import { directUploadTypeOfKey, DIRECT_UPLOAD_VIDEO_TYPES } from '../../common/uploads.js';
import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { checkStoredVideo, discardFiles, mediaKeyOfUrl, moveVideoWithoutMetadata, type StagedFile } from '../media/index.js';
import { newMediaKey } from '../providers/storage/index.js';
import * as uploads from '../uploads/index.js';

/**
 * The videos `urls` name, each an open upload of `ownerId` whose bytes are a video of at most
 * 250 MB. Refuses the whole list otherwise (400 "Video upload not found" for anything that
 * is not the caller's open upload, so no key reveals whether it exists). A first look, so a
 * refusal comes before the form's files are sent; claimDirectVideos checks again what it keeps.
 */
export async function checkDirectVideos(ctx: AppContext, ownerId: string, urls: string[]): Promise<StagedFile[]> {
  const keys = urls.map(mediaKeyOfUrl);
  if (keys.some((key) => key === null || !key.startsWith('videos/'))) throw badRequest(messages.videoUploadNotFound);
  const unique = [...new Set(keys as string[])];
  const open = new Set(await uploads.openUploads(ctx.db, ownerId, unique));
  if (unique.some((key) => !open.has(key))) throw badRequest(messages.videoUploadNotFound);
  return Promise.all(unique.map((key) => checkStoredVideo(ctx, key)));
}

/** A direct upload moved to the memory's own key: `video.key` is where it is now. */
export interface ClaimedVideo {
  uploadKey: string;
  video: StagedFile;
}

/**
 * Moves each upload (checked by checkDirectVideos) to a fresh key and checks the bytes there,
 * which are the ones the memory keeps: the move rewrites them without their place and device
 * metadata (issue 19, media/video-metadata.ts), as the edit form's videos are stored. Of two memories racing for one upload, the second to
 * move it finds nothing (or, on S3, where a move is copy then delete, the second to spend its
 * row in createMemory finds none): it hears "Video upload not found". On any refusal the
 * uploads go back to their keys, as they were.
 */
export async function claimDirectVideos(ctx: AppContext, ownerId: string, uploads: StagedFile[]): Promise<ClaimedVideo[]> {
  const moved: ClaimedVideo[] = [];
  try {
    for (const upload of uploads) {
      const type = directUploadTypeOfKey(upload.key);
      const key = newMediaKey('videos', type ? DIRECT_UPLOAD_VIDEO_TYPES[type] : 'mp4');
      if (!(await moveVideoWithoutMetadata(ctx, upload.key, key))) throw badRequest(messages.videoUploadNotFound);
      moved.push({ uploadKey: upload.key, video: { ...upload, key } });
    }
    return await Promise.all(moved.map(async ({ uploadKey, video }) => ({ uploadKey, video: await checkStoredVideo(ctx, video.key) })));
  } catch (error) {
    await releaseDirectVideos(ctx, ownerId, moved);
    throw error;
  }
}

/**
 * The memory was not saved: each claimed video goes back under its upload's key, so the
 * uploader may try again with the same address (DESIGN "Media": nothing of a failed memory
 * stays), unless that key holds something newer, or no longer belongs to an open upload
 * (another memory took it): then the moved copy is only removed. Never throws.
 */
export async function releaseDirectVideos(ctx: AppContext, ownerId: string, claimed: ClaimedVideo[]): Promise<void> {
  for (const { uploadKey, video } of claimed) {
    try {
      const open = await uploads.openUploads(ctx.db, ownerId, [uploadKey]);
      if (open.length > 0 && !(await ctx.media.exists(uploadKey)) && (await ctx.media.move(video.key, uploadKey))) continue;
    } catch {
      // Fall through: the copy goes, and the upload is lost to a retry; an orphan is worse.
    }
    await discardFiles(ctx.media, [video.key]);
  }
}
