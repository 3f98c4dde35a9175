// POST {TRANSCRIBE_URL}/audio/transcriptions in the OpenAI format (multipart `file` and
// `model`), which OpenAI, Groq, LocalAI and speaches/faster-whisper all speak.
import { z } from 'zod';
import { TRANSCRIPTION_TIMEOUT_MS } from '../../../common/limits.js';
import type { Config } from '../../config.js';
import { TranscriptionError, type Transcriber, type TranscriberOptions, type TranscriptionRequest } from './transcriber.js';

export type TranscribeConfig = NonNullable<Config['transcribe']>;

/** The default `json` answer; anything else in it may vary between servers. */
const transcription = z.object({ text: z.string() });

export function openAiCompatibleTranscriber(config: TranscribeConfig, { timeoutMs = TRANSCRIPTION_TIMEOUT_MS }: TranscriberOptions = {}): Transcriber {
  const endpoint = `${config.url.replace(/\/+$/, '')}/audio/transcriptions`;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (config.apiKey) headers.authorization = `Bearer ${config.apiKey}`;

  async function transcribe({ audio, filename }: TranscriptionRequest): Promise<string> {
    // Only `file` and `model`: every compatible server takes them, and `json` is everyone's
    // default answer format. fetch sets the multipart boundary itself.
    const form = new FormData();
    form.append('file', audio, filename);
    form.append('model', config.model);
    // One signal for the whole exchange, upload and answer alike, so a server that stalls
    // at any point is cut off at the same limit.
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      // redirect: 'error': the key is for TRANSCRIBE_URL alone, never for wherever it points.
      const response = await fetch(endpoint, { method: 'POST', headers, body: form, signal, redirect: 'error' });
      if (!response.ok) {
        await response.body?.cancel();
        throw new TranscriptionError(`The transcription service answered HTTP ${response.status}`);
      }
      const parsed = transcription.safeParse(await response.json());
      if (!parsed.success) throw new TranscriptionError('The transcription service sent an answer without text');
      return parsed.data.text.trim();
    } catch (error) {
      if (error instanceof TranscriptionError) throw error;
      if (signal.aborted) throw new TranscriptionError(`The transcription service did not answer within ${timeoutMs} ms`, { cause: error });
      throw new TranscriptionError('The transcription service could not be reached or sent no JSON', { cause: error });
    }
  }

  return { driver: 'openai-compatible', transcribe };
}
