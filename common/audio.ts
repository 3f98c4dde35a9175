// Audio recordings and their transcription (memories §7 POST /api/audio/transcribe; DESIGN "AI").
import { z } from 'zod';

/** The multipart field that carries the recording (memories §7). */
export const AUDIO_FIELD = 'audio';

/** POST /api/audio/transcribe answers the recording's words, trimmed; empty when nothing was said. */
export const transcriptionResult = z.object({ transcription: z.string() });
export type TranscriptionResult = z.infer<typeof transcriptionResult>;

/**
 * Where a recording's words stand (issue 22; DESIGN "Words for every voice"): `none` (no
 * engine wrote them), `queued` and `working` (a job will), `done` (the words are there, a
 * machine's or a person's) or `failed` (the recording is kept; the words are not coming).
 */
export const TRANSCRIPTION_STATUSES = ['none', 'queued', 'working', 'done', 'failed'] as const;
export type TranscriptionStatus = (typeof TRANSCRIPTION_STATUSES)[number];
export const transcriptionStatus = z.enum(TRANSCRIPTION_STATUSES);

/** The statuses of words a job is still writing; only under them may a job write them. */
export const WORDS_ON_THEIR_WAY: readonly TranscriptionStatus[] = ['queued', 'working'];

/** Words a job is still writing: the web says so and asks again until they come. */
export const wordsOnTheirWay = (status: TranscriptionStatus) => WORDS_ON_THEIR_WAY.includes(status);
