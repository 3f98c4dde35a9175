// Test helpers for direct uploads: video bytes file-type recognises, big bodies made on the
// fly, and the upload itself as the browser sends it.
import { Readable } from 'node:stream';
import { DIRECT_UPLOAD_FILE_FIELD, type PresignedUrl } from '../../common/uploads.js';

/**
 * The start of an MP4 file: an `ftyp` box with the `isom` brand (all file-type needs),
 * then `length` bytes of filler standing for the movie.
 */
export function mp4Bytes(length = 4000): Buffer {
  const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.from([0, 0, 2, 0]), Buffer.from('isomiso2')]);
  return Buffer.concat([ftyp, Buffer.from(Array.from({ length }, (_, i) => (i * 7) % 256))]);
}

/** An MP4 body of `mebibytes` MiB, made a chunk at a time so no test holds it whole. */
export function mp4Stream(mebibytes: number): Readable {
  const filler = Buffer.alloc(1024 * 1024, 0x61);
  return Readable.from(
    (function* () {
      const first = Buffer.from(filler);
      mp4Bytes(0).copy(first);
      yield first;
      for (let i = 1; i < mebibytes; i++) yield filler;
    })(),
  );
}

/**
 * Sends `bytes` to a presigned answer the way the web does (web/src/api/memory-form.ts): a
 * form POST of its fields and then the file (S3), or a PUT of the bytes (the server's own
 * target, resolved against `origin`).
 */
export function sendDirectUpload(upload: PresignedUrl, bytes: Buffer, origin = ''): Promise<Response> {
  if (upload.method === 'PUT') {
    return fetch(origin + upload.uploadUrl, { method: 'PUT', headers: { 'content-type': upload.contentType }, body: new Uint8Array(bytes) });
  }
  const form = new FormData();
  for (const [name, value] of Object.entries(upload.fields)) form.append(name, value);
  form.append(DIRECT_UPLOAD_FILE_FIELD, new Blob([new Uint8Array(bytes)], { type: upload.contentType }), 'video');
  return fetch(upload.uploadUrl, { method: 'POST', body: form });
}
