// Test support for the local engine: the weightless test model, recordings as the server
// hands them over (file-backed Blobs), and a watcher of the children's messages and exits.
import { EventEmitter, once } from 'node:events';
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import type { TranscriptionRequest } from '../transcriber.js';
import { createLocalEngine, type LocalEngine, type LocalEngineOptions } from './engine.js';
import type { ChildMessage } from './protocol.js';

/** whisper.cpp's weightless test model (MIT): it loads and hears no words. */
export const TEST_MODEL = new URL('../../../../../shared/fixtures/speech/for-tests-ggml-tiny.bin', import.meta.url).pathname;

export const recording = async (path: string): Promise<TranscriptionRequest> => ({ audio: await openAsBlob(path), filename: basename(path) });

export interface WatchedEngine {
  engine: LocalEngine;
  /** Every child message so far, in order, with its child's pid. */
  messages: Array<ChildMessage & { pid: number }>;
  /** The next message of `type` for job `id` (or any job). */
  next(type: ChildMessage['type'], id?: number): Promise<ChildMessage & { pid: number }>;
  /** The exit of child `pid`, with why. */
  exited(pid: number): Promise<string>;
}

export function watchedEngine(options: Partial<LocalEngineOptions> = {}, idleMs?: number): WatchedEngine {
  const events = new EventEmitter();
  const messages: WatchedEngine['messages'] = [];
  const exits = new Map<number, string>();
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
        events.emit('exit', pid);
      },
    },
  );
  return {
    engine,
    messages,
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
