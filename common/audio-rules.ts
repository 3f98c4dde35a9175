// The kinds of audio a recording may be and where its words stand, as pure rules without zod,
// so the web's first screen can use them without loading the schema library (issue 8 "First
// load"; the memory card's words note, fetched while home is idle, is among them: issue 21).
import { RECORDING_MIME_TYPE } from './limits.js';

/**
 * DESIGN "Edge decisions": audio is WebM, Ogg, MP4/M4A, MPEG or WAV, checked by its bytes.
 * These are the types a checked recording is known by, whatever the browser declared.
 */
export const ACCEPTED_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;
export type AudioType = (typeof ACCEPTED_AUDIO_TYPES)[number];

/**
 * The file extension of each type: what speech-to-text servers decode by (OpenAI reads the
 * name) and what a stored key ends in. An MP4 holding only sound is an M4A.
 */
export const AUDIO_EXTENSIONS: Record<AudioType, string> = {
  'audio/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/mp4': 'm4a',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
};

/** The accepted type a browser's recording type names ('audio/webm;codecs=opus', Safari's 'video/mp4'), or null. */
export function audioTypeOf(mimeType: string): AudioType | null {
  const bare = mimeType.split(';')[0]!.trim().toLowerCase();
  const type = bare === 'video/mp4' ? 'audio/mp4' : bare;
  return (ACCEPTED_AUDIO_TYPES as readonly string[]).includes(type) ? (type as AudioType) : null;
}
/**
 * The name a recording is sent under. We ask for audio/webm (memories §9), but a browser
 * without it (Safari) records MP4; speech-to-text services read the format from the name.
 */
export function recordingFileName(mimeType: string): string {
  return `recording.${AUDIO_EXTENSIONS[audioTypeOf(mimeType) ?? RECORDING_MIME_TYPE]}`;
}

/**
 * Where a recording's words stand (issue 22; DESIGN "Words for every voice"): `none` (no
 * engine wrote them), `queued` and `working` (a job will), `done` (the words are there, a
 * machine's or a person's) or `failed` (the recording is kept; the words are not coming).
 */
export const TRANSCRIPTION_STATUSES = ['none', 'queued', 'working', 'done', 'failed'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];

/** The statuses of words a job is still writing; only under them may a job write them. */
export const WORDS_ON_THEIR_WAY: readonly TranscriptionStatus[] = ['queued', 'working'];

/** Words a job is still writing: the web says so and asks again until they come. */
export const wordsOnTheirWay = (status: TranscriptionStatus) => WORDS_ON_THEIR_WAY.includes(status);
