// Audio recordings and their transcription (memories §7 POST /api/audio/transcribe; DESIGN "AI").
import { z } from 'zod';

/** The multipart field that carries the recording (memories §7). */
export const AUDIO_FIELD = 'audio';

/**
 * DESIGN "Edge decisions": audio is WebM, Ogg, MP4/M4A, MPEG or WAV, checked by its bytes.
 * These are the types a checked recording is known by, whatever the browser declared.
 */
export const ACCEPTED_AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav'] as const;
export type AudioType = (typeof ACCEPTED_AUDIO_TYPES)[number];

/** POST /api/audio/transcribe answers the recording's words, trimmed; empty when nothing was said. */
export const transcriptionResult = z.object({ transcription: z.string() });
export type TranscriptionResult = z.infer<typeof transcriptionResult>;
