// Media addresses as clients hold them (memories §7: directVideoUrls, imagePathsToDelete),
// read back into the storage keys the server made.
import { isMediaKey } from '../providers/storage/index.js';

const UPLOADS_PATH = '/uploads/';

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
