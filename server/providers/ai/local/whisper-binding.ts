// whisper.cpp as a Node addon, from npm prebuilts only (no compiler, nothing downloaded):
// - linux-x64: @napi-rs/whisper 0.0.4, built with AVX2 (STACK-NOTES: the other binding's x64
//   build has no AVX and ran the test model 10× slower here, 44 s against 4.6 s for jfk.wav);
// - linux-arm64: @fugood/node-whisper-linux-arm64 1.1.1, the only arm64 prebuilt (its
//   package's README says `model:`, but the code reads `filePath`).
// Both are synchronous or uncancellable in places, which is why they live in a child process.
import { createRequire } from 'node:module';

export interface WhisperModel {
  /** The words in 16 kHz mono `samples`, trimmed. */
  transcribe(samples: Float32Array, options: { language: string; threads: number }): Promise<string>;
}

const require = createRequire(import.meta.url);

/** The model in `modelFile`, loaded by the binding this machine has. Throws when neither loads it. */
export function loadWhisperModel(modelFile: string): WhisperModel {
  return process.arch === 'arm64' ? loadWithFugood(modelFile) : loadWithNapiRs(modelFile);
}

function loadWithNapiRs(modelFile: string): WhisperModel {
  const { Whisper, WhisperFullParams, WhisperSamplingStrategy } = require('@napi-rs/whisper') as typeof import('@napi-rs/whisper');
  const whisper = new Whisper(modelFile);
  // An English-only model (*.en.bin) cannot detect a language: it hears English.
  const multilingual = whisper.isMultilingual !== 0;
  return {
    async transcribe(samples, { language, threads }) {
      const params = new WhisperFullParams(WhisperSamplingStrategy.Greedy);
      params.nThreads = threads;
      params.language = multilingual ? language : 'en';
      params.printProgress = false;
      params.printRealtime = false;
      params.printTimestamps = false;
      return cleanText(whisper.full(params, samples));
    },
  };
}

interface FugoodContext {
  transcribeData(pcm16: ArrayBuffer, options: { language: string; maxThreads: number }): { promise: Promise<{ result: string }> };
}

function loadWithFugood(modelFile: string): WhisperModel {
  const { WhisperContext } = require(`@fugood/node-whisper-${process.platform}-${process.arch}`) as {
    WhisperContext: new (options: { filePath: string; useGpu: boolean }) => FugoodContext;
  };
  const context = new WhisperContext({ filePath: modelFile, useGpu: false });
  return {
    async transcribe(samples, { language, threads }) {
      // This binding takes 16-bit PCM, not floats.
      const pcm = Int16Array.from(samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
      const { result } = await context.transcribeData(pcm.buffer, { language, maxThreads: threads }).promise;
      return cleanText(result);
    },
  };
}

/** whisper.cpp's words without its marks for no speech ("[BLANK_AUDIO]"), one space apart. */
function cleanText(text: string): string {
  return text.replace(/\[BLANK_AUDIO\]/g, ' ').replace(/\s+/g, ' ').trim();
}
