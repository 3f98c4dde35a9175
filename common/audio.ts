// Audio recordings and their transcription (memories §7 POST /api/audio/transcribe; DESIGN "AI").
import { z } from 'zod';
import { TRANSCRIPTION_STATUSES } from './audio-rules.js';

/** The multipart field that carries the recording (memories §7). */
export const AUDIO_FIELD = 'audio';

/** POST /api/audio/transcribe answers the recording's words, trimmed; empty when nothing was said. */
export const transcriptionResult = z.object({ transcription: z.string() });
export type TranscriptionResult = z.infer<typeof transcriptionResult>;

/** Where a recording's words stand: the rule lives zod-free in audio-rules.ts, the schema here. */
export const transcriptionStatus = z.enum(TRANSCRIPTION_STATUSES);
export { TRANSCRIPTION_STATUSES, WORDS_ON_THEIR_WAY, wordsOnTheirWay, type TranscriptionStatus } from './audio-rules.js';
