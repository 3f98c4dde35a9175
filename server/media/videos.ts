// Videos (DESIGN "Media", "Edge decisions": MP4, WebM or QuickTime, at most 250 MB, 413
// above; the type from the bytes). Three ways in: a direct upload's PUT (checked against the
// type it declared), a file in the edit form (memories §7 PATCH, streamed into the store),
// and a direct upload named by address, whose bytes on S3 never passed through this server
// and are checked in the store.
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileTypeFromBuffer } from 'file-type';
import { MEMORY_VIDEO_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { DIRECT_UPLOAD_VIDEO_TYPES, type DirectUploadVideoType } from '../../common/uploads.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { newMediaKey } from '../providers/storage/index.js';
import { discardFiles, firstFailure, noop, type StagedFile } from './staged.js';
import { SNIFF_BYTES, TypeGate } from './type-gate.js';
import { stripVideoMetadata } from './video-metadata.js';

export const videoTooLarge = () => new HttpError(413, messages.videoTooLarge);

/** What file-type's mime names, as the video type we keep it under. */
const VIDEO_TYPES: Record<string, DirectUploadVideoType> = {
  'video/mp4': 'video/mp4',
  'video/x-m4v': 'video/mp4',
  'video/webm': 'video/webm',
  'video/quicktime': 'video/quicktime',
};

/**
 * MP4 and QuickTime are one container family (ISO base media): phones name a file by its
 * extension, and a `.mov` with an MP4 brand plays the same. WebM is Matroska.
 */
const familyOf: Record<string, 'iso-bmff' | 'matroska' | undefined> = {
  'video/mp4': 'iso-bmff',
  'video/quicktime': 'iso-bmff',
  'video/webm': 'matroska',
};

const gate = <T>(accept: (mime: string | null) => T | null) =>
  new TypeGate<T>({ accept, maxBytes: MEMORY_VIDEO_MAX_BYTES, tooLarge: videoTooLarge, wrongType: () => badRequest(messages.videoTypeRefused) });

/**
 * A direct upload's bytes: passes them once the first ones prove a video of `declared`'s
 * family; fails the stream (so the store keeps nothing) past 250 MB or on other bytes.
 */
export function videoGate(declared: DirectUploadVideoType): TypeGate<DirectUploadVideoType> {
  return gate((mime) => (mime && familyOf[mime] && familyOf[mime] === familyOf[declared] ? declared : null));
}

/**
 * Streams a video file of a form into the store once its bytes prove MP4, WebM or QuickTime,
 * without its location and device metadata (issue 19, video-metadata.ts); nothing is left on failure.
 */
export async function stageVideo(ctx: Pick<AppContext, 'media'>, source: Readable): Promise<StagedFile> {
  const check = gate((mime) => (mime ? (VIDEO_TYPES[mime] ?? null) : null));
  const out = new PassThrough();
  const flowing = pipeline(source, check, stripVideoMetadata(), out);
  flowing.catch(noop);
  let key: string | null = null;
  try {
    const type = await check.type;
    key = newMediaKey('videos', DIRECT_UPLOAD_VIDEO_TYPES[type]);
    const [piped, stored] = await Promise.allSettled([flowing, ctx.media.put(key, out, { contentType: type })]);
    if (piped.status === 'rejected' || stored.status === 'rejected') {
      throw firstFailure(piped.status === 'rejected' ? piped.reason : undefined, stored.status === 'rejected' ? stored.reason : undefined);
    }
    return { key, mimeType: type, size: stored.value.size, width: null, height: null };
  } catch (error) {
    out.destroy();
    const piping = await flowing.then(noop, (reason: unknown) => reason);
    if (key) await discardFiles(ctx.media, [key]);
    throw firstFailure(error, piping);
  }
}

/**
 * A video already in the store (a direct upload): at most 250 MB and, by its first bytes,
 * MP4, WebM or QuickTime. A missing file is "Video upload not found".
 */
export async function checkStoredVideo(ctx: Pick<AppContext, 'media'>, key: string): Promise<StagedFile> {
  const stat = await ctx.media.stat(key);
  if (!stat) throw badRequest(messages.videoUploadNotFound);
  if (stat.size > MEMORY_VIDEO_MAX_BYTES) throw videoTooLarge();
  const mimeType = stat.size > 0 ? VIDEO_TYPES[(await sniff(ctx, key, stat.size)) ?? ''] : undefined;
  if (!mimeType) throw badRequest(messages.videoTypeRefused);
  return { key, mimeType, size: stat.size, width: null, height: null };
}

async function sniff(ctx: Pick<AppContext, 'media'>, key: string, size: number): Promise<string | undefined> {
  const object = await ctx.media.get(key, { start: 0, end: Math.min(size, SNIFF_BYTES) - 1 });
  if (!object) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of object.body) chunks.push(chunk as Buffer);
  return (await fileTypeFromBuffer(Buffer.concat(chunks)))?.mime;
}
