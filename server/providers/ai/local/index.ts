// The 'local' Transcriber: whisper.cpp on this machine (DESIGN "Words for every voice"),
// off the event loop in child processes. The configuration chooses it (providers/ai/index.ts).
import { createLocalEngine, type LocalEngineOptions, type LocalTranscriber } from './engine.js';

export type { LocalEngineOptions, LocalTranscriber } from './engine.js';

export function createLocalTranscriber(options: LocalEngineOptions): LocalTranscriber {
  const { childPids: _childPids, ...transcriber } = createLocalEngine(options);
  return transcriber;
}
