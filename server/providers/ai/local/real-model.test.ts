// Real words (issue 22, "Tests and measures"): runs only when HEIRLOOM_TEST_MODEL names a
// real whisper model (e.g. ggml-base.bin from `npm run models:get`) and Debian's espeak-ng
// is there to speak. Sentences a family might record come back with a word error rate of at
// most 25 %, through the same child process and decoder as the server's.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalTranscriber, type LocalTranscriber } from './index.js';
import { recording } from './test-engine.js';
import { words, wordErrors } from './test-wer.js';

const model = process.env.HEIRLOOM_TEST_MODEL;
const espeak = (process.env.PATH ?? '').split(':').some((dir) => existsSync(join(dir, 'espeak-ng')));

const SENTENCES = [
  'My grandmother grew up on a farm near the river.',
  'Every summer we picked apples and made jam together.',
  'Your grandfather built the kitchen table with his own hands.',
  'We moved to the city when I was twelve years old.',
  'She always said that a good story needs a quiet evening.',
];

describe.skipIf(!model || !existsSync(model) || !espeak)('a real model (HEIRLOOM_TEST_MODEL)', () => {
  let scratch: string;
  let transcriber: LocalTranscriber;
  beforeAll(async () => {
    scratch = await mkdtemp(join(tmpdir(), 'heirloom-real-model-'));
    transcriber = createLocalTranscriber({ modelFile: model!, language: 'en', threads: 2, concurrency: 1, timeoutMs: 300_000 });
  });
  afterAll(async () => {
    await transcriber?.close();
    await rm(scratch, { recursive: true, force: true });
  });

  it("hears espeak-ng's sentences with a word error rate of at most 25 %", { timeout: 600_000 }, async () => {
    let [errors, said] = [0, 0];
    for (const [i, sentence] of SENTENCES.entries()) {
      const wav = join(scratch, `sentence-${i}.wav`);
      await promisify(execFile)('espeak-ng', ['-v', 'en-us', '-s', '150', '-w', wav, sentence]);
      const heard = await transcriber.transcribe(await recording(wav));
      errors += wordErrors(words(sentence), words(heard));
      said += words(sentence).length;
    }
    expect(errors / said).toBeLessThanOrEqual(0.25);
  });
});
