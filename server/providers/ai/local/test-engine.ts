// Test support for the local engine: the weightless test model, recordings as the server
// hands them over (file-backed Blobs), and a watcher of the children's messages and exits.
import { EventEmitter, once } from 'node:events';
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { wav16 } from '../../../audio/decode/test-speech.js';
import type { TranscriptionRequest } from '../transcriber.js';
import { createLocalEngine, type LocalEngine, type LocalEngineOptions } from './engine.js';
import type { ChildMessage } from './protocol.js';

/** whisper.cpp's weightless test model (MIT): it loads and hears no words. */
export const TEST_MODEL = new URL('../../../../../shared/fixtures/speech/for-tests-ggml-tiny.bin', import.meta.url).pathname;

/**
 * A recording long enough that its transcription cannot end between a test seeing it
 * decoded and acting on it: the test model still runs its encoder over every 30 s window, so
 * ten quiet minutes keep a child busy for many seconds however loaded the machine is, where
 * jfk.wav's one window can end before a starved test process reads the child's 'decoded'.
 */
export function longQuietRecording(minutes = 10): TranscriptionRequest {
  return { audio: new Blob([wav16(new Float32Array(minutes * 60 * 16_000))]), filename: `quiet-${minutes}min.wav` };
}

export const recording = async (path: string): Promise<TranscriptionRequest> => ({ audio: await openAsBlob(path), filename: basename(path) });

export interface WatchedEngine {
  engine: LocalEngine;
  /** Every child message so far, in order, with its child's pid. */
  messages: Array<ChildMessage & { pid: number }>;
  /** The next message of `type` for job `id` (or any job). */
  next(type: ChildMessage['type'], id?: number): Promise<ChildMessage & { pid: number }>;
  /** The exit of child `pid`, with why. */
  exited(pid: number): Promise<string>;
  /** Every child exit so far, in order: pid and why. */
  exits: Array<[number, string]>;
}

export function watchedEngine(options: Partial<LocalEngineOptions> = {}, idleMs?: number): WatchedEngine {
  const events = new EventEmitter();
  const messages: WatchedEngine['messages'] = [];
  const exits = new Map<number, string>();
  const exitsInOrder: Array<[number, string]> = [];
  const engine = createLocalEngine(
    { modelFile: TEST_MODEL, language: 'auto', threads: 1, concurrency: 1, ...options },
    {
      idleMs,
      onChildMessage: (message, pid) => {
        messages.push({ ...message, pid });
        events.emit('message', { ...message, pid });
      },
      onChildExit: (pid, why) => {
        exits.set(pid, why);
        exitsInOrder.push([pid, why]);
        events.emit('exit', pid);
      },
    },
  );
  return {
    engine,
    messages,
    exits: exitsInOrder,
    async next(type, id) {
      for (;;) {
        const [message] = (await once(events, 'message')) as [ChildMessage & { pid: number }];
        if (message.type === type && (id === undefined || message.id === id)) return message;
      }
    },
    async exited(pid) {
      while (!exits.has(pid)) await once(events, 'exit');
      return exits.get(pid)!;
    },
  };
}
