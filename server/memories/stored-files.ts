// Files of a memory in the media store before any row names them ("staged"), and the voice
// recording's path into the store. A failed or refused file leaves nothing behind.
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AUDIO_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { isMediaKey, newMediaKey, type MediaStore } from '../providers/storage/index.js';
import { audioGate } from '../audio/index.js';

/** A file in the store, with what its bytes proved. */
export interface StagedFile {
  key: string;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
}

export const noop = () => undefined;

/** The user's own mistake (a gate's refusal) is the error worth reporting over a storage one. */
export function firstFailure(...reasons: unknown[]): unknown {
  return reasons.find((reason) => reason instanceof HttpError) ?? reasons.find((reason) => reason !== undefined);
}

/** Removes staged files after a failure. Never throws: the failure that led here is the one to report. */
export async function discardFiles(store: MediaStore, keys: string[]): Promise<void> {
  await Promise.all(keys.filter(isMediaKey).map((key) => store.delete(key).catch(noop)));
}

/** Streams the memory's voice recording into the store, as uploaded, once its bytes prove audio. */
export async function stageAudio(ctx: AppContext, source: Readable): Promise<StagedFile> {
  const gate = audioGate({
    maxBytes: AUDIO_MAX_BYTES,
    tooLarge: () => new HttpError(413, messages.audioTooLarge),
    wrongType: () => badRequest(messages.audioTypeRefused),
  });
  const out = new PassThrough();
  const flowing = pipeline(source, gate, out);
  flowing.catch(noop);
  let key: string | null = null;
  try {
    const format = await gate.type;
    // The extension keeps the key's fallback type right (media/serving.ts typeOfKey).
    key = newMediaKey('audio', format.extension);
    const [piped, stored] = await Promise.allSettled([flowing, ctx.media.put(key, out, { contentType: format.type })]);
    if (piped.status === 'rejected' || stored.status === 'rejected') {
      throw firstFailure(piped.status === 'rejected' ? piped.reason : undefined, stored.status === 'rejected' ? stored.reason : undefined);
    }
    return { key, mimeType: format.type, size: stored.value.size, width: null, height: null };
  } catch (error) {
    out.destroy();
    const piping = await flowing.then(noop, (reason: unknown) => reason);
    if (key) await discardFiles(ctx.media, [key]);
    throw firstFailure(error, piping);
  }
}
