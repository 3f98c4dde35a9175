// Recordings, known by their bytes (DESIGN "Media": never by the name or declared type): a
// memory's voice and voice comments go to the store; transcription (server/audio) streams
// through the same gate into a temp file. Nothing is read whole.
import { PassThrough, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AUDIO_EXTENSIONS, type AudioType } from '../../common/audio-rules.js';
import { AUDIO_MAX_BYTES } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import type { AppContext } from '../context.js';
import { badRequest, HttpError } from '../http/errors.js';
import { newMediaKey } from '../providers/storage/index.js';
import { discardFiles, firstFailure, noop, type StagedFile } from './staged.js';
import { TypeGate } from './type-gate.js';

export interface DetectedAudio {
  type: AudioType;
  /** AUDIO_EXTENSIONS of the type: a speech-to-text server decodes by the name. */
  extension: string;
}

/**
 * DESIGN "Edge decisions": WebM, Ogg, MP4/M4A, MPEG, WAV. file-type names a WebM file
 * video/webm whatever it holds (Chrome and Firefox record audio into it), and an MP4 by
 * its brand (Safari records audio into a plain mp4). Ogg holding video, Matroska, AAC and
 * the rest are refused.
 */
const ACCEPTED: Record<string, AudioType> = {
  'video/webm': 'audio/webm',
  'audio/webm': 'audio/webm',
  'audio/ogg; codecs=opus': 'audio/ogg',
  'audio/ogg': 'audio/ogg',
  'audio/x-m4a': 'audio/mp4',
  'audio/mp4': 'audio/mp4',
  'video/mp4': 'audio/mp4',
  'audio/mpeg': 'audio/mpeg',
  'audio/wav': 'audio/wav',
};

const detected = (mime: string | null): DetectedAudio | null => {
  const type = mime ? ACCEPTED[mime] : undefined;
  return type ? { type, extension: AUDIO_EXTENSIONS[type] } : null;
};

/** Passes a recording of at most 50 MB through once its first bytes prove an accepted audio type. */
export function audioGate(): TypeGate<DetectedAudio> {
  return new TypeGate({
    accept: detected,
    maxBytes: AUDIO_MAX_BYTES,
    tooLarge: () => new HttpError(413, messages.audioTooLarge),
    wrongType: () => badRequest(messages.audioTypeRefused),
  });
}

/**
 * Streams a recording into the store under `audio/` (or `folder`), as uploaded, once its
 * bytes prove audio. On any failure nothing is left in the store.
 */
export async function stageAudio(ctx: Pick<AppContext, 'media'>, source: Readable, folder: 'audio' | 'comment-audio' = 'audio'): Promise<StagedFile> {
  const gate = audioGate();
  const out = new PassThrough();
  const flowing = pipeline(source, gate, out);
  flowing.catch(noop);
  let key: string | null = null;
  try {
    const format = await gate.type;
    // The extension keeps the key's fallback type right (providers/storage/keys.ts typeOfKey).
    key = newMediaKey(folder, format.extension);
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
