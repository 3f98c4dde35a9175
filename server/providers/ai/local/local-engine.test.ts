// The local engine (issue 22, "The local engine"): whisper.cpp in a child process, so the
// server's event loop never waits on it, a stuck or killed child fails only its own job, and
// an idle child gives the model's memory back. The weightless test model hears no words, so
// these tests prove loading, decoding, the child's life and the errors, not the words
// (real-model.test.ts checks the words when HEIRLOOM_TEST_MODEL names a real model).
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { AudioDecodeError } from '../../../audio/decode/index.js';
import { JFK_WAV } from '../../../audio/decode/test-speech.js';
import { TranscriptionError } from '../transcriber.js';
import { createLocalTranscriber } from './index.js';
import { longQuietRecording, recording, TEST_MODEL, watchedEngine, type WatchedEngine } from './test-engine.js';

const CHROMIUM_WEBM = new URL('../../../audio/decode/fixtures/jfk-chromium-mediarecorder.webm', import.meta.url).pathname;

let watched: WatchedEngine | null = null;
afterEach(async () => {
  await watched?.engine.close();
  watched = null;
});

describe('the local engine', () => {
  it("is the 'local' driver named by its model file", async () => {
    const transcriber = createLocalTranscriber({ modelFile: TEST_MODEL, language: 'auto', threads: 1, concurrency: 1 });
    expect(transcriber.driver).toBe('local');
    expect(transcriber.model).toBe('for-tests-ggml-tiny.bin');
    await transcriber.close();
  });

  it("loads the test model in a child process and runs a Chromium recording and jfk.wav to their (empty) text, one after the other in the same child", { timeout: 90_000 }, async () => {
    watched = watchedEngine();
    const [webm, wav] = await Promise.all([recording(CHROMIUM_WEBM), recording(JFK_WAV)]);
    const texts = await Promise.all([watched.engine.transcribe(webm), watched.engine.transcribe(wav)]);

    expect(texts).toEqual(['', '']);
    const steps = watched.messages.map(({ type, id }) => `${type} ${id}`);
    // concurrency 1: the second recording is not even decoded before the first is done.
    expect(steps).toEqual(['decoded 1', 'done 1', 'decoded 2', 'done 2']);
    const pids = new Set(watched.messages.map(({ pid }) => pid));
    expect(pids.size).toBe(1);
    expect(pids.has(process.pid)).toBe(false);
    const decoded = watched.messages.filter((m) => m.type === 'decoded').map((m) => ('seconds' in m ? m.seconds : 0));
    expect(decoded[0]).toBeCloseTo(11.46, 1);
    expect(decoded[1]).toBeCloseTo(11, 1);
  });

  it('rejects a file that is not audio with TranscriptionError caused by AudioDecodeError, and keeps the child for the next', { timeout: 60_000 }, async () => {
    watched = watchedEngine();
    const path = join(tmpdir(), `heirloom-not-audio-${process.pid}.webm`);
    await writeFile(path, 'a shopping list, not a voice');
    const failure = await watched.engine.transcribe(await recording(path)).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(TranscriptionError);
    expect((failure as TranscriptionError).cause).toBeInstanceOf(AudioDecodeError);
    expect(watched.engine.childPids()).toHaveLength(1);
  });

  it('rejects with TranscriptionError when the model file is missing', { timeout: 60_000 }, async () => {
    watched = watchedEngine({ modelFile: join(tmpdir(), 'no-such-model.bin') });
    await expect(watched.engine.transcribe(await recording(JFK_WAV))).rejects.toThrow(TranscriptionError);
    await expect(watched.engine.transcribe(await recording(JFK_WAV))).rejects.toThrow(/could not be loaded/);
  });

  it('fails the job of a child killed mid-transcription with TranscriptionError, and the next job runs in a fresh child', { timeout: 90_000 }, async () => {
    watched = watchedEngine();
    const first = watched.engine.transcribe(longQuietRecording());
    const started = await watched.next('decoded', 1);
    process.kill(started.pid, 'SIGKILL');

    await expect(first).rejects.toThrow(TranscriptionError);
    await expect(first).rejects.toThrow(/stopped \(SIGKILL\)/);
    expect(await watched.engine.transcribe(await recording(JFK_WAV))).toBe('');
    const done = watched.messages.find((m) => m.type === 'done');
    expect(done?.pid).not.toBe(started.pid);
  });

  it('kills a child that overruns timeoutMs and says so, and the next job runs', { timeout: 90_000 }, async () => {
    watched = watchedEngine({ timeoutMs: 1_000 });
    const late = watched.engine.transcribe(longQuietRecording(2));

    await expect(late).rejects.toThrow(/took longer than 1 s/);
    // The job fails when its child's exit is seen, so the exit is already on record.
    expect(watched.exits.map(([, why]) => why)).toEqual(['SIGKILL']);
    // Decoding alone fits in the limit: the engine is still there for a quicker job.
    const path = join(tmpdir(), `heirloom-not-audio-${process.pid}.ogg`);
    await writeFile(path, 'OggS but not really');
    await expect(watched.engine.transcribe(await recording(path))).rejects.toThrow(TranscriptionError);
  });

  it('ends an idle child after idleMs, giving its memory back', { timeout: 60_000 }, async () => {
    watched = watchedEngine({}, 300);
    const path = join(tmpdir(), `heirloom-not-audio-${process.pid}.mp3`);
    await writeFile(path, 'ID3 and then nothing');
    await watched.engine.transcribe(await recording(path)).catch(() => undefined);
    const [pid] = watched.engine.childPids();

    expect(await watched.exited(pid!)).toBe('SIGKILL');
    expect(watched.engine.childPids()).toEqual([]);
  });

  it('rejects running and waiting jobs on close, ends its child and takes no more', { timeout: 60_000 }, async () => {
    watched = watchedEngine();
    const running = watched.engine.transcribe(longQuietRecording());
    const { pid } = await watched.next('decoded', 1);
    // Still being spooled or already queued when close comes: either way it is refused.
    const waiting = watched.engine.transcribe(await recording(JFK_WAV));
    const refusals = [expect(running).rejects.toThrow(/closed/), expect(waiting).rejects.toThrow(/closed/)];
    const exit = watched.exited(pid);
    await watched.engine.close();

    await Promise.all(refusals);
    expect(await exit).toBe('SIGKILL');
    await expect(watched.engine.transcribe(await recording(JFK_WAV))).rejects.toThrow(/closed/);
  });
});
