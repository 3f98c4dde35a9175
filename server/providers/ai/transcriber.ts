// What features may ask of a speech-to-text service (DESIGN "AI"). Features never see the
// driver: they hold a Transcriber and answer the user in words when `transcribe` rejects.

export interface TranscriptionRequest {
  /** The recording. A file-backed Blob (fs.openAsBlob) is streamed, never read whole. */
  audio: Blob;
  /**
   * The name sent with it. OpenAI picks the decoder from its extension (webm, ogg, m4a, mp4,
   * mp3, wav), so it must match the bytes, whatever the user's file was called.
   */
  filename: string;
}

export interface Transcriber {
  /** 'none' when TRANSCRIBE_URL is unset: nothing is ever sent, every request rejects. */
  readonly driver: 'none' | 'openai-compatible' | 'local';
  /** The words spoken, trimmed ('' for silence). Rejects with TranscriptionError on any failure. */
  transcribe(request: TranscriptionRequest): Promise<string>;
}

export interface TranscriberOptions {
  /** How long one recording may take in all, reply included; TRANSCRIPTION_TIMEOUT_MS unless tests shorten it. */
  timeoutMs?: number;
}

/** Any reason the service gave no transcription: unreachable, refused, too slow, or an answer we cannot read. */
export class TranscriptionError extends Error {
  override readonly name = 'TranscriptionError';
}
