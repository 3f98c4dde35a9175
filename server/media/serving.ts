// The HTTP rules of serving stored bytes (RFC 9110 Range, ETag, conditional requests),
// as pure functions so they are tested without a request.
import { createHash } from 'node:crypto';
import type { ByteRange } from '../providers/storage/index.js';

export type RangeAnswer = { kind: 'whole' } | { kind: 'part'; range: ByteRange } | { kind: 'unsatisfiable' };

/**
 * One `bytes=` range against an object of `size` bytes. A malformed header, another unit,
 * or several ranges are ignored and the whole object is sent, as RFC 9110 §14.2 allows
 * (players ask for one range at a time).
 */
export function parseRange(header: string | undefined, size: number): RangeAnswer {
  const match = header?.trim().match(/^bytes=(\d*)-(\d*)$/);
  if (!match) return { kind: 'whole' };
  const [, first = '', last = ''] = match;
  if (first === '' && last === '') return { kind: 'whole' };
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'part', range: { start: Math.max(0, size - length), end: size - 1 } };
  }
  const start = Number(first);
  // `20-10` is malformed (ignored); a start at or past the end cannot be served.
  if (last !== '' && Number(last) < start) return { kind: 'whole' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'part', range: { start, end: last === '' ? size - 1 : Math.min(Number(last), size - 1) } };
}

/**
 * Issue 19: media may be kept by the browser but never shown from its cache without asking.
 * A year of `immutable` let the next person on a shared family tablet open private photos
 * after sign-out or an unshare; `no-cache` makes every use a conditional request, which
 * readMedia answers 304 only after the access check. `private`: no shared cache keeps it.
 */
export const MEDIA_CACHE_CONTROL = 'private, no-cache';

/**
 * Issue 19: the 302 to a presigned S3 GET is an answer for this caller at this moment: kept,
 * it would send the next person on the same browser to the bucket without asking the app.
 */
export const REDIRECT_CACHE_CONTROL = 'private, no-store';

/** A key never changes its bytes (keys are made fresh for every file), so it is its own validator. */
export function etagOf(key: string, size: number): string {
  return `"${createHash('sha256').update(`${key}:${size}`).digest('base64url').slice(0, 27)}"`;
}

/** If-None-Match uses the weak comparison (RFC 9110 §13.1.2): `W/` is ignored. */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => bare(tag) === bare(etag));
}

/** If-Range uses the strong comparison; a date (we send no Last-Modified) never matches. */
export function rangeStillApplies(ifRange: string | undefined, etag: string): boolean {
  return ifRange === undefined || ifRange.trim() === etag;
}

/** Types of keys that have no media row (voice notes, direct uploads), by their extension. */
/**
 * DESIGN "Security and durability": media is served with its checked type; anything not
 * image, video or audio (and SVG, which can carry script) goes out as an attachment.
 */
export function dispositionOf(key: string, mimeType: string): string {
  const playable = /^(image|video|audio)\//.test(mimeType) && mimeType !== 'image/svg+xml';
  // The name is the key's own file name: a UUID and an extension, safe in a quoted string.
  return `${playable ? 'inline' : 'attachment'}; filename="${key.slice(key.lastIndexOf('/') + 1)}"`;
}
