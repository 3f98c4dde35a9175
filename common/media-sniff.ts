// What a chosen file is, by its first bytes (DESIGN "Media": the type from the bytes, never
// the name or the declared type). The browser asks this the moment a file is chosen (issue 20
// "Caught where it happens"); the server's gates (server/media) still check every upload with
// the same reader, file-type, so the two cannot disagree about a file's kind.
import { ACCEPTED_IMAGE_TYPES } from './media.js';

/** file-type needs at most this many leading bytes to recognise any accepted format. */
export const SNIFF_BYTES = 4100;

/** The photo types the server's image gates let in: the accepted ones, APNG, and HEIC tried (phones send it). */
export const SNIFFED_PHOTO_TYPES: ReadonlySet<string> = new Set([...ACCEPTED_IMAGE_TYPES, 'image/apng', 'image/heic', 'image/heif']);
/** The video types the server's video gates let in (MP4, WebM, QuickTime). */
export const SNIFFED_VIDEO_TYPES: ReadonlySet<string> = new Set(['video/mp4', 'video/x-m4v', 'video/webm', 'video/quicktime']);

export type MediaKind = 'photo' | 'video';

/** 'photo' or 'video' when the bytes are one we accept, else null. */
export async function kindOfBytes(head: Uint8Array): Promise<MediaKind | null> {
  // Loaded on the first file chosen, not with the wizard or the memory dialog: the reader is
  // 25 KB of gzip that someone only reading memories never needs.
  const { fileTypeFromBuffer } = await import('file-type');
  const found = await fileTypeFromBuffer(head).catch(() => undefined);
  if (!found) return null;
  if (SNIFFED_PHOTO_TYPES.has(found.mime)) return 'photo';
  if (SNIFFED_VIDEO_TYPES.has(found.mime)) return 'video';
  return null;
}

/** Reads only the first bytes of `file`, however large it is. */
export async function kindOfFile(file: Blob): Promise<MediaKind | null> {
  const head = new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer());
  return kindOfBytes(head);
}

/** The chosen files split into those of `kind` (in the order chosen) and the names of the rest. */
export async function sortChosenFiles<F extends Blob & { name: string }>(files: readonly F[], kind: MediaKind): Promise<{ accepted: F[]; refused: string[] }> {
  const kinds = await Promise.all(files.map((file) => kindOfFile(file).catch(() => null)));
  return {
    accepted: files.filter((_, index) => kinds[index] === kind),
    refused: files.filter((_, index) => kinds[index] !== kind).map((file) => file.name),
  };
}
