// Media bytes in and out: avatars stored from an upload (accounts §5), and GET /uploads/{key} behind the
// access rule of DESIGN "Who may do what" → Media bytes.
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { PROFILE_IMAGE_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { requireAccess } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import type { UserRow } from '../db/schema.js';
import { HttpError, notFound } from '../http/errors.js';
import { isMediaKey, newMediaKey, typeOfKey, type MediaStore } from '../providers/storage/index.js';
import { storeImage } from './images.js';
import * as queries from './queries.js';
import type { StagedFile } from './staged.js';
import {
  dispositionOf,
  etagOf,
  matchesIfNoneMatch,
  MEDIA_CACHE_CONTROL,
  parseRange,
  rangeStillApplies,
  REDIRECT_CACHE_CONTROL,
} from './serving.js';

/** The longest side of a stored avatar: sharp on a phone's 3× screen for a 160 px circle. */
const AVATAR_SIZE = 512;

/** Stores an uploaded picture as an avatar (accounts §5: under 5 MB); `name` is the file's, for a refusal that names it. */
export async function stageAvatar(ctx: AppContext, source: Readable, name?: string): Promise<StagedFile> {
  const key = newMediaKey('avatars', 'webp');
  const image = await storeImage(ctx.media, key, source, {
    // "Smaller than 5MB": a picture of exactly 5 MB is already too large.
    maxBytes: PROFILE_IMAGE_MAX_BYTES - 1,
    tooLarge: () => new HttpError(413, messages.profileImageTooLargeDetail),
    size: AVATAR_SIZE,
    name,
  });
  return { key, ...image };
}

/**
 * Inside the caller's transaction: records `staged` as the owner's avatar and deletes the
 * rows of every earlier one. Returns the keys whose files to remove once it commits.
 */
export async function recordAvatar(db: Db, owner: UserRow, staged: StagedFile, now: Date): Promise<string[]> {
  await queries.recordMedia(db, [{
    id: randomUUID(),
    memory_id: null,
    owner_id: owner.id,
    kind: 'avatar',
    storage_key: staged.key,
    mime_type: staged.mimeType,
    size: staged.size,
    width: staged.width,
    height: staged.height,
    duration: null,
    position: 0,
    created_at: iso(now),
  }]);
  const replaced = await queries.deleteAvatarsExcept(db, owner.id, staged.key);
  // An avatar stored before media rows existed for it is replaced all the same.
  const previous = owner.profile_image_key;
  if (previous && previous !== staged.key && previous.startsWith('avatars/') && !replaced.includes(previous)) replaced.push(previous);
  return replaced;
}

export interface MediaConditions {
  range?: string;
  ifNoneMatch?: string;
  ifRange?: string;
}

export interface MediaReadOptions {
  /**
   * Sends S3 media through the app, as local media always is, instead of redirecting: the
   * download proxy exists so that the bytes come from the app's own origin.
   */
  throughApp?: boolean;
}

export interface MediaReply {
  status: 200 | 206 | 302 | 304 | 416;
  headers: Record<string, string>;
  body: Readable | null;
}

/**
 * GET /uploads/{key}. Everyone refused hears the same 404, signed out included, so a key
 * never reveals whether it exists (DESIGN "Edge decisions"); the access check comes
 * before any header that could tell (ETag, 304, 416).
 */
export async function readMedia(
  ctx: AppContext,
  viewer: UserRow | null,
  key: string,
  conditions: MediaConditions,
  { throughApp = false }: MediaReadOptions = {},
): Promise<MediaReply> {
  if (!viewer || !isMediaKey(key)) throw notFound();
  await requireAccess(ctx.db, viewer, 'media.read', [key]);
  return readStoredMedia(ctx, key, conditions, { throughApp });
}

/**
 * The answer of GET /uploads/{key} for a caller already let through by another credential (a
 * listen code, server/listen): Range, ETag and 304, the checked type, S3's redirect unless
 * `throughApp`. The caller decides access; this only serves.
 */
export async function readStoredMedia(ctx: AppContext, key: string, conditions: MediaConditions, { throughApp = false }: MediaReadOptions = {}): Promise<MediaReply> {
  if (!isMediaKey(key)) throw notFound();
  // DESIGN "Media bytes": S3 media goes out as a 302 to a short-lived presigned GET, after
  // the same check, so the bytes never pass through the app (S3 answers Range itself).
  if (!throughApp && ctx.media.presignedGetUrl) return redirectToStore(ctx, key, ctx.media.presignedGetUrl.bind(ctx.media));
  const stat = await ctx.media.stat(key);
  if (!stat) throw notFound();

  const etag = etagOf(key, stat.size);
  const headers: Record<string, string> = {
    etag,
    'cache-control': MEDIA_CACHE_CONTROL,
    'accept-ranges': 'bytes',
    'x-content-type-options': 'nosniff',
  };
  if (matchesIfNoneMatch(conditions.ifNoneMatch, etag)) return { status: 304, headers, body: null };

  const wanted = rangeStillApplies(conditions.ifRange, etag) ? parseRange(conditions.range, stat.size) : { kind: 'whole' as const };
  if (wanted.kind === 'unsatisfiable') return { status: 416, headers: { ...headers, 'content-range': `bytes */${stat.size}` }, body: null };

  const mimeType = (await queries.mimeTypeOf(ctx.db, key)) ?? typeOfKey(key);
  const range = wanted.kind === 'part' ? wanted.range : undefined;
  const object = await ctx.media.get(key, range);
  if (!object) throw notFound();
  headers['content-type'] = mimeType;
  headers['content-disposition'] = dispositionOf(key, mimeType);
  if (!range) {
    headers['content-length'] = String(object.size);
    return { status: 200, headers, body: object.body };
  }
  headers['content-length'] = String(range.end - range.start + 1);
  headers['content-range'] = `bytes ${range.start}-${range.end}/${object.size}`;
  return { status: 206, headers, body: object.body };
}

/** Long enough to start playback and follow a few Range requests; short, since anyone holding it can read. */
const PRESIGNED_GET_SECONDS = 5 * 60;

async function redirectToStore(ctx: AppContext, key: string, presign: NonNullable<MediaStore['presignedGetUrl']>): Promise<MediaReply> {
  const mimeType = (await queries.mimeTypeOf(ctx.db, key)) ?? typeOfKey(key);
  const location = await presign(key, {
    expiresIn: PRESIGNED_GET_SECONDS,
    contentType: mimeType,
    disposition: dispositionOf(key, mimeType),
    // The bucket's answer follows the app's own rule, whatever the object was stored with.
    cacheControl: MEDIA_CACHE_CONTROL,
  });
  return { status: 302, headers: { location, 'cache-control': REDIRECT_CACHE_CONTROL }, body: null };
}
