// Videos sent before the memory through the direct-upload flow (memories §7: POST
// /api/upload/presigned-url, then PUT; the finalUrl goes in directVideoUrls). The uploads
// feature records each PUT as an `uploads` row; a memory may take only its own creator's
// uploads that no memory holds yet. On S3 the bytes never pass through this server before
// now, so their type and size are checked here (DESIGN "Media": the type from the bytes).
import { fileTypeFromBuffer } from 'file-type';
import { MEMORY_VIDEO_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { isMediaKey } from '../providers/storage/index.js';
import * as queries from './queries.js';
import type { StagedFile } from './stored-files.js';
import { SNIFF_BYTES } from '../media/type-gate.js';

const UPLOADS_PATH = '/uploads/';

/** DESIGN "Edge decisions": video is MP4, WebM or QuickTime. */
const VIDEO_TYPES: Record<string, string> = {
  'video/mp4': 'video/mp4',
  'video/x-m4v': 'video/mp4',
  'video/webm': 'video/webm',
  'video/quicktime': 'video/quicktime',
};

/**
 * The storage key a directVideoUrl names: `/uploads/{key}` (local storage) or a full http(s)
 * address whose path ends in the key (a bucket's). Anything else names no upload.
 */
export function directVideoKey(url: string): string | null {
  if (url.startsWith('/')) {
    const key = url.split(/[?#]/)[0]!.slice(UPLOADS_PATH.length);
    return url.startsWith(UPLOADS_PATH) && isMediaKey(key) ? key : null;
  }
  let path: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return null;
    path = parsed.pathname;
  } catch {
    return null;
  }
  const key = path.split('/').slice(-2).join('/');
  return isMediaKey(key) ? key : null;
}

/**
 * The videos `urls` name, each an open upload of `ownerId` whose bytes are a video of at most
 * 250 MB. Refuses the whole list otherwise (400 "Video upload not found" for anything that
 * is not the caller's open upload, so no key reveals whether it exists).
 */
export async function checkDirectVideos(ctx: AppContext, ownerId: string, urls: string[]): Promise<StagedFile[]> {
  const keys = urls.map(directVideoKey);
  if (keys.some((key) => key === null)) throw badRequest(messages.videoUploadNotFound);
  const unique = [...new Set(keys as string[])];
  const open = new Set(await queries.openUploads(ctx.db, ownerId, unique));
  if (unique.some((key) => !open.has(key))) throw badRequest(messages.videoUploadNotFound);
  return Promise.all(unique.map((key) => checkVideo(ctx, key)));
}

async function checkVideo(ctx: AppContext, key: string): Promise<StagedFile> {
  const stat = await ctx.media.stat(key);
  if (!stat) throw badRequest(messages.videoUploadNotFound);
  if (stat.size > MEMORY_VIDEO_MAX_BYTES) throw new HttpError(413, messages.videoTooLarge);
  const mimeType = stat.size > 0 ? VIDEO_TYPES[(await sniff(ctx, key, stat.size)) ?? ''] : undefined;
  if (!mimeType) throw badRequest(messages.videoTypeRefused);
  return { key, mimeType, size: stat.size, width: null, height: null };
}

async function sniff(ctx: AppContext, key: string, size: number): Promise<string | undefined> {
  const object = await ctx.media.get(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 });
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return (await fileTypeFromBuffer(Buffer.concat(chunks)))?.mime;
}
