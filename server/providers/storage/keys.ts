// Storage keys are made by the server alone: a folder, a random UUID, an optional variant
// and an extension (DESIGN "Security and durability": random, no user text). The strict
// pattern is checked before any driver touches storage, so `../`, encoded slashes, dots,
// capitals or anything a user typed never reach a path or a bucket.
import { randomUUID } from 'node:crypto';
import { InvalidMediaKeyError } from './types.js';

/**
 * One folder per kind, so an operator can tell them apart in a bucket (e.g. an S3
 * lifecycle rule on `uploads/`, the direct uploads that may never be attached).
 */
export const mediaFolders = ['avatars', 'images', 'videos', 'audio', 'comment-audio', 'uploads', 'books', 'archives'] as const;
export type MediaFolder = (typeof mediaFolders)[number];

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `{folder}/{uuid}[-{variant}].{ext}`, e.g. `avatars/0b6e…c1.webp`, `images/0b6e…c1-thumb.webp`. */
const MEDIA_KEY = new RegExp(`^(?:${mediaFolders.join('|')})/${UUID}(?:-[a-z0-9]{1,16})?\\.[a-z0-9]{2,5}$`);

export function isMediaKey(key: unknown): key is string {
  return typeof key === 'string' && MEDIA_KEY.test(key);
}

export function assertMediaKey(key: string): void {
  if (!isMediaKey(key)) throw new InvalidMediaKeyError(key);
}

/** A fresh key; `variant` names a derived copy of the same upload (display, thumb). */
export function newMediaKey(folder: MediaFolder, extension: string, variant?: string): string {
  const key = `${folder}/${randomUUID()}${variant ? `-${variant}` : ''}.${extension}`;
  assertMediaKey(key);
  return key;
}

/** The type a key's extension stands for: what a file is served as when no row names its checked type. */
const typeByExtension: Record<string, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
  avif: 'image/avif',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  // A family book (issue 24): books/{book id}.pdf, served only through GET /api/books/{id}/file.
  pdf: 'application/pdf',
  // A person's archive of everything (issue 25): archives/{archive id}.zip, served only through GET /api/archives/{id}/file.
  zip: 'application/zip',
};

export function typeOfKey(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const type = typeByExtension[extension] ?? 'application/octet-stream';
  // A voice note recorded in the browser is WebM audio, not video.
  return type === 'video/webm' && /^(audio|comment-audio)\//.test(key) ? 'audio/webm' : type;
}
