// Transcribing a recording (memories §7 POST /api/audio/transcribe; DESIGN "AI"). The upload
// streams through the byte check into a private temp file, which goes to the speech-to-text
// service as a file-backed Blob: a 50 MB recording is never held in memory, and the temp
// file is removed whatever happens (DESIGN "Security and durability").
import { randomUUID } from 'node:crypto';
import { createWriteStream, openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyBaseLogger } from 'fastify';
import { messages } from '../../common/messages.js';
import { countAiCall } from '../ai-limits/index.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { TranscriptionError, type Transcriber } from '../providers/ai/index.js';
import { audioGate, type DetectedAudio } from '../media/index.js';

/**
 * Temp files are named `{prefix}{pid}-{uuid}` in the system temp folder; the process id
 * lets a test (one process per test file) tell its own files from a neighbour's.
 */
export const RECORDING_TEMP_PREFIX = 'heirloom-audio-';

export interface TranscribeDeps {
  transcriber: Transcriber;
  /** Where a failing service is reported; the user gets "Transcription failed". */
  log?: Pick<FastifyBaseLogger, 'warn'>;
}

/** A checked recording waiting in a temp file; transcribeStaged or discardRecording removes it. */
export interface StagedRecording {
  path: string;
  audio: DetectedAudio;
  size: number;
}

/** DESIGN "AI": without TRANSCRIBE_URL the call answers 503 and the client takes the spec's failure path. */
export function requireTranscription({ transcriber }: TranscribeDeps): void {
  if (transcriber.driver === 'none') throw new HttpError(503, messages.transcriptionNotConfigured);
}

/**
 * POST /api/audio/transcribe, before the recording is read: 503 without a service, and
 * (issue 19) each transcription costs the operator, so it counts against the caller's limit (429).
 */
export async function authorizeTranscription(ctx: AppContext, user: UserRow, deps: TranscribeDeps): Promise<void> {
  requireTranscription(deps);
  await countAiCall(ctx, user, 'transcription');
}

/**
 * Streams `source` through the byte check into a temp file. A recording of the wrong type
 * (400) or over 50 MB (413) is refused while it streams, and nothing of it is left behind.
 */
export async function stageRecording(source: Readable): Promise<StagedRecording> {
  const gate = audioGate();
  const path = join(tmpdir(), `${RECORDING_TEMP_PREFIX}${process.pid}-${randomUUID()}`);
  try {
    // 'wx' and 0600: a fresh file only this server may read; a recording is private.
    await pipeline(source, gate, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
  } catch (error) {
    await discardFile(path);
    throw error;
  }
  return { path, audio: gate.accepted!, size: gate.size };
}

/** Never throws: the failure that led here is the one worth reporting. */
export async function discardRecording(staged: StagedRecording): Promise<void> {
  await discardFile(staged.path);
}

const discardFile = (path: string) => rm(path, { force: true }).catch(() => undefined);

/** Sends a staged recording to the service and removes it; the words, trimmed, or 502. */
export async function transcribeStaged({ transcriber, log }: TranscribeDeps, staged: StagedRecording): Promise<string> {
  try {
    const audio = await openAsBlob(staged.path, { type: staged.audio.type });
    return await transcriber.transcribe({ audio, filename: `recording.${staged.audio.extension}` });
  } catch (error) {
    if (!(error instanceof TranscriptionError)) throw error;
    log?.warn({ err: error }, 'Transcription failed');
    throw new HttpError(502, messages.transcriptionFailed);
  } finally {
    await discardRecording(staged);
  }
}

/** Stage and transcribe in one go, for a recording that arrives as a stream of its own. */
export async function transcribeRecording(deps: TranscribeDeps, source: Readable): Promise<string> {
  requireTranscription(deps);
  return transcribeStaged(deps, await stageRecording(source));
}
