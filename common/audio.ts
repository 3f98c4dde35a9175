// Audio recordings and their transcription (memories §7 POST /api/audio/transcribe; DESIGN "AI").
import { z } from 'zod';

/** The multipart field that carries the recording (memories §7). */
export const AUDIO_FIELD = 'audio';

/** POST /api/audio/transcribe answers the recording's words, trimmed; empty when nothing was said. */
export const transcriptionResult = z.object({ transcription: z.string() });
export type TranscriptionResult = z.infer<typeof transcriptionResult>;
