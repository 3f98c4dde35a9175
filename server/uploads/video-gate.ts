// The bytes of a direct upload, checked on their way to the store (DESIGN "Media": the type
// from the bytes, never the name or the declared type; video 250 MB, 413 above).
import { MEMORY_VIDEO_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { DirectUploadVideoType } from '../../common/uploads.js';
import { badRequest, HttpError } from '../http/errors.js';
import { TypeGate } from '../media/type-gate.js';

/**
 * MP4 and QuickTime are one container family (ISO base media): phones name a file by its
 * extension, and a `.mov` with an MP4 brand plays the same. WebM is Matroska.
 */
const familyOf: Record<string, 'iso-bmff' | 'matroska' | undefined> = {
  'video/mp4': 'iso-bmff',
  'video/quicktime': 'iso-bmff',
  'video/webm': 'matroska',
};

export const videoTooLarge = () => new HttpError(413, messages.videoTooLarge);

/**
 * Passes bytes through once the first ones prove a video of `declared`'s family; fails the
 * stream (so the store keeps nothing) past MEMORY_VIDEO_MAX_BYTES or on other bytes.
 */
export function videoGate(declared: DirectUploadVideoType): TypeGate<DirectUploadVideoType> {
  return new TypeGate({
    accept: (mime) => (mime && familyOf[mime] && familyOf[mime] === familyOf[declared] ? declared : null),
    maxBytes: MEMORY_VIDEO_MAX_BYTES,
    tooLarge: videoTooLarge,
    wrongType: () => badRequest(messages.videoTypeRefused),
  });
}
