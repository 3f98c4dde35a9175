// Recordings are known by their bytes (DESIGN "Media": never by the name or declared type).
// audioGate passes a recording through once its first bytes prove an accepted type, and
// refuses it past the size limit while it streams, so nothing is read whole.
import { AUDIO_EXTENSIONS, type AudioType } from '../../common/audio.js';
import { TypeGate } from '../media/type-gate.js';

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

/** Passes a recording through once its first bytes prove an accepted audio type. */
export function audioGate(limits: { maxBytes: number; tooLarge: () => Error; wrongType: () => Error }): TypeGate<DetectedAudio> {
  return new TypeGate({ accept: detected, ...limits });
}
