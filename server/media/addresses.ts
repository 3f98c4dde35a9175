// Media addresses as clients hold them (memories §7: directVideoUrls, imagePathsToDelete,
// the download proxy's url), read back into the storage keys the server made.
import { isMediaKey } from '../providers/storage/index.js';

/** Where the app serves media: GET /uploads/{key}. */
export const UPLOADS_PATH = '/uploads/';

/**
 * The storage key a media address names, as the memory JSON shows it (`/uploads/{key}`, or
 * `uploads/{key}` without its slash) or as a browser on S3 holds it (a full http(s) address
 * whose path ends in the key: a bucket's). Anything else names no file of ours.
 */
export function mediaKeyOfUrl(address: string): string | null {
  // memories §7: a media path that is not a full URL is read as /uploads/{…}.
  const url = address.startsWith(UPLOADS_PATH.slice(1)) ? `/${address}` : address;
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
 * Where the server's own media appears in an address: `{origin}{pathPrefix}{key}`. An empty
 * origin stands for the app itself, an app-relative address (`/uploads/{key}`).
 */
export interface MediaLocation {
  /** Scheme, host and port as `URL.origin` spells them (lower case, no default port), or ''. */
  origin: string;
  /** Begins and ends with a slash. */
  pathPrefix: string;
}

/**
 * The key `address` names when it is, character for character, `{origin}{pathPrefix}{key}`
 * of one of `locations`, followed by nothing but a query or a fragment (a presigned
 * address's signature, a cache buster). Matched as text rather than parsed, so that
 * nothing a URL parser would normalise (dot segments, `%2e`, backslashes, user info, a
 * default port, capitals, another spelling of a host) can name a key: an address that is
 * not exactly one the server makes names nothing.
 */
export function mediaKeyAt(address: string, locations: readonly MediaLocation[]): string | null {
  const bare = address.split(/[?#]/, 1)[0]!;
  for (const { origin, pathPrefix } of locations) {
    const start = origin + pathPrefix;
    const key = bare.slice(start.length);
    if (bare.startsWith(start) && isMediaKey(key)) return key;
  }
  return null;
}
