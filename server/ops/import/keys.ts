// Where an archive's file goes in the media store: a key made from its media id, so a rerun
// (after a kill) writes the same key again instead of leaving a second copy, and the key
// columns of the imported rows can be written before or after the file.
import { createHash } from 'node:crypto';
import type { ArchiveFile } from '../../../common/archive-format.js';
import { assertMediaKey, type MediaFolder } from '../../providers/storage/keys.js';

const folderOf: Record<ArchiveFile['kind'], MediaFolder> = {
  image: 'images',
  video: 'videos',
  audio: 'audio',
  comment_audio: 'comment-audio',
  avatar: 'avatars',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * `{folder}/{mediaId}.{ext}`. Heirloom's media ids are UUIDs; an id that is not one (another
 * writer of the format) is turned into one by its SHA-256, since keys hold nothing but a
 * UUID (providers/storage/keys.ts: no text of anyone's reaches a path or a bucket).
 */
export function keyOfFile(file: Pick<ArchiveFile, 'mediaId' | 'kind' | 'path'>): string {
  const id = UUID.test(file.mediaId) ? file.mediaId : uuidFrom(file.mediaId);
  const key = `${folderOf[file.kind]}/${id}.${file.path.slice(file.path.lastIndexOf('.') + 1)}`;
  assertMediaKey(key);
  return key;
}

function uuidFrom(text: string): string {
  const hex = createHash('sha256').update(text).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}
