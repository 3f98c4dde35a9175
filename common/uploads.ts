// The presigned direct-upload call (memories §7: POST /api/upload/presigned-url, then the
// video is sent to uploadUrl and finalUrl goes into directVideoUrls). The spec sends it with
// PUT; on S3 it is a POST form instead, the only signed upload S3 lets cap the size (issue 19),
// so the answer says how: `method`, and for POST the `fields` to send before the file.
import { z } from 'zod';
import { messages } from './messages.js';

/**
 * DESIGN "Edge decisions": videos are MP4, WebM or QuickTime, and the presigned flow takes
 * videos only. The extension is the one the server gives the stored key.
 */
export const DIRECT_UPLOAD_VIDEO_TYPES = {
  'video/mp4': 'mp4',
  'video/webm': 'webm',
  'video/quicktime': 'mov',
} as const;
export type DirectUploadVideoType = keyof typeof DIRECT_UPLOAD_VIDEO_TYPES;

/** `video/MP4; codecs=…` → `video/mp4`: parameters and case say nothing about the container. */
export const bareMimeType = (value: string): string => value.split(';')[0]!.trim().toLowerCase();

/** The type a direct upload's key stands for, from the extension the server gave it. */
export function directUploadTypeOfKey(key: string): DirectUploadVideoType | null {
  const extension = key.slice(key.lastIndexOf('.') + 1);
  const found = Object.entries(DIRECT_UPLOAD_VIDEO_TYPES).find(([, ext]) => ext === extension);
  return found ? (found[0] as DirectUploadVideoType) : null;
}

export const isDirectUploadVideoType = (value: string): value is DirectUploadVideoType =>
  Object.hasOwn(DIRECT_UPLOAD_VIDEO_TYPES, value);

export const presignedUrlBody = z.object({
  // Only looked at for sanity: the stored key never holds user text (DESIGN "Security").
  fileName: z
    .string({ error: messages.directUploadFileNameInvalid })
    .trim()
    .min(1, { error: messages.directUploadFileNameInvalid })
    .max(255, { error: messages.directUploadFileNameInvalid }),
  mimeType: z.string({ error: messages.videoTypeRefused }),
});
export type PresignedUrlBody = z.infer<typeof presignedUrlBody>;

export const presignedUrl = z.object({
  /** Where the file goes: the bucket (a POST form), or /api/upload/direct/{ticket} (PUT). */
  uploadUrl: z.string(),
  /**
   * POST: a multipart form of `fields` in their order, then the file as DIRECT_UPLOAD_FILE_FIELD
   * (S3 POST Object). PUT: the file itself as the body, with Content-Type `contentType`.
   */
  method: z.enum(['POST', 'PUT']),
  /** The form fields of a POST (the signed policy among them); empty for PUT. */
  fields: z.record(z.string(), z.string()),
  /** What goes into directVideoUrls: /uploads/{key}. */
  finalUrl: z.string(),
  key: z.string(),
  /** When uploadUrl stops working (ISO-8601, one hour ahead). */
  expiresAt: z.string(),
  /** The Content-Type the PUT must carry (a POST's fields name it already). */
  contentType: z.string(),
});

/** S3 POST Object takes the file from the form field named `file`, after every other field. */
export const DIRECT_UPLOAD_FILE_FIELD = 'file';
export type PresignedUrl = z.infer<typeof presignedUrl>;
