// What the server and the engine's child process say to each other over the IPC channel.

/** Server → child: one recording to transcribe. The child runs one at a time. */
export interface TranscribeJob {
  type: 'transcribe';
  id: number;
  /** A file of the recording's bytes, any format decodeToMono16k reads. */
  audioPath: string;
  modelFile: string;
  /** 'auto' (whisper detects it) or an ISO 639-1 code. */
  language: string;
  threads: number;
}

/** Why a job failed in the child: its audio, its model, or whisper itself. */
export type FailureReason = 'audio' | 'model' | 'engine';

/** Child → server. */
export type ChildMessage =
  /** The audio is decoded; whisper starts on it now. */
  | { type: 'decoded'; id: number; seconds: number; decodeMs: number }
  | { type: 'done'; id: number; text: string; seconds: number; decodeMs: number; transcribeMs: number; rssBytes: number }
  | { type: 'failed'; id: number; reason: FailureReason; message: string };
