// The local engine's child process (forked by engine.ts): decodes a recording and runs
// whisper.cpp on it, one job at a time, keeping the model loaded between jobs. All the heavy
// and blocking work is here, so the server's event loop never waits on it, a stuck job is
// ended by killing this process, and the model's memory goes back when it exits.
import { AudioDecodeError, decodeToMono16k, WHISPER_SAMPLE_RATE } from '../../../audio/decode/index.js';
import type { ChildMessage, TranscribeJob } from './protocol.js';
import { loadWhisperModel, type WhisperModel } from './whisper-binding.js';

let loaded: { file: string; model: WhisperModel } | null = null;

const send = (message: ChildMessage) => process.send?.(message);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

async function run(job: TranscribeJob): Promise<void> {
  const started = performance.now();
  let samples: Float32Array;
  try {
    samples = await decodeToMono16k(job.audioPath);
  } catch (error) {
    return void send({ type: 'failed', id: job.id, reason: error instanceof AudioDecodeError ? 'audio' : 'engine', message: errorText(error) });
  }
  const seconds = samples.length / WHISPER_SAMPLE_RATE;
  const decodeMs = performance.now() - started;
  try {
    if (loaded?.file !== job.modelFile) loaded = { file: job.modelFile, model: loadWhisperModel(job.modelFile) };
  } catch (error) {
    return void send({ type: 'failed', id: job.id, reason: 'model', message: `The model ${job.modelFile} could not be loaded: ${errorText(error)}` });
  }
  send({ type: 'decoded', id: job.id, seconds, decodeMs });
  try {
    const text = await loaded.model.transcribe(samples, { language: job.language, threads: job.threads });
    const transcribeMs = performance.now() - started - decodeMs;
    send({ type: 'done', id: job.id, text, seconds, decodeMs, transcribeMs, rssBytes: process.memoryUsage().rss });
  } catch (error) {
    send({ type: 'failed', id: job.id, reason: 'engine', message: errorText(error) });
  }
}

process.on('message', (job: TranscribeJob) => {
  if (job?.type === 'transcribe') void run(job);
});
// The server is gone (closed, or killed): nothing will ask again, so give the memory back.
process.on('disconnect', () => process.exit(0));
