// DESIGN "Words for every voice": TRANSCRIBE=auto|local|service|off and the local engine's
// settings, resolved once at start from the environment and the model files on disk.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, transcriptionEngineLine } from './config.js';

const dirs: string[] = [];
function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'heirloom-config-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A data folder holding DATA_DIR/models/ggml-{name}.bin for each name given. */
function dataDirWithModels(...names: string[]): string {
  const dataDir = tempDir();
  mkdirSync(join(dataDir, 'models'));
  for (const name of names) writeFileSync(join(dataDir, 'models', `ggml-${name}.bin`), 'model');
  return dataDir;
}

function refusal(env: Record<string, string>): string {
  try {
    loadConfig({ DATA_DIR: tempDir(), ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error(`loadConfig accepted ${JSON.stringify(env)}`);
}

const service = { TRANSCRIBE_URL: 'https://speech.example.org/v1', TRANSCRIBE_MODEL: 'whisper-large' };
const threads = Math.max(1, availableParallelism() - 1);

describe('TRANSCRIBE=auto (the default)', () => {
  it('has no engine when neither TRANSCRIBE_URL nor a model file is there', () => {
    expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ transcriptionEngine: 'none', transcribe: null, localTranscribe: null });
    // An empty models folder, or a file of another name in it, is no model.
    const dataDir = dataDirWithModels('medium');
    expect(loadConfig({ DATA_DIR: dataDir }).transcriptionEngine).toBe('none');
  });

  it('takes the service when TRANSCRIBE_URL is set, even with a model file present', () => {
    const config = loadConfig({ DATA_DIR: dataDirWithModels('base'), ...service, TRANSCRIBE_API_KEY: 'sk-1' });
    expect(config.transcriptionEngine).toBe('service');
    expect(config.transcribe).toEqual({ url: 'https://speech.example.org/v1', apiKey: 'sk-1', model: 'whisper-large' });
    expect(config.localTranscribe).toBeNull();
    expect(loadConfig({ DATA_DIR: tempDir(), TRANSCRIBE_URL: service.TRANSCRIBE_URL }).transcribe?.model).toBe('whisper-1');
  });

  it('takes the local engine with the first of DATA_DIR/models/ggml-{base,small,tiny}.bin that exists', () => {
    const all = dataDirWithModels('tiny', 'small', 'base');
    expect(loadConfig({ DATA_DIR: all }).localTranscribe?.modelFile).toBe(join(all, 'models', 'ggml-base.bin'));
    const smallAndTiny = dataDirWithModels('tiny', 'small');
    expect(loadConfig({ DATA_DIR: smallAndTiny }).localTranscribe?.modelFile).toBe(join(smallAndTiny, 'models', 'ggml-small.bin'));
    const tiny = dataDirWithModels('tiny');
    const config = loadConfig({ DATA_DIR: tiny });
    expect(config).toMatchObject({ transcriptionEngine: 'local', transcribe: null });
    // The defaults: whisper finds the language, one recording at a time, every core but one.
    expect(config.localTranscribe).toEqual({ modelFile: join(tiny, 'models', 'ggml-tiny.bin'), language: 'auto', threads, concurrency: 1 });
  });

  it('does not take a half-downloaded model (ggml-base.bin.part) or a folder of that name', () => {
    const dataDir = tempDir();
    mkdirSync(join(dataDir, 'models', 'ggml-base.bin'), { recursive: true });
    writeFileSync(join(dataDir, 'models', 'ggml-small.bin.part'), 'half');
    expect(loadConfig({ DATA_DIR: dataDir }).transcriptionEngine).toBe('none');
  });

  it('takes the local engine with TRANSCRIBE_MODEL_FILE, its language and concurrency', () => {
    const dir = tempDir();
    const modelFile = join(dir, 'whisper-small.bin');
    writeFileSync(modelFile, 'model');
    const config = loadConfig({ DATA_DIR: dataDirWithModels('base'), TRANSCRIBE_MODEL_FILE: modelFile, TRANSCRIBE_LANGUAGE: 'DE', TRANSCRIBE_CONCURRENCY: '2' });
    expect(config.transcriptionEngine).toBe('local');
    expect(config.localTranscribe).toEqual({ modelFile, language: 'de', threads, concurrency: 2 });
  });
});

describe('TRANSCRIBE=local, service and off', () => {
  it('local: the model file found, and a one-line refusal saying what to run or set when there is none', () => {
    const dataDir = dataDirWithModels('small');
    expect(loadConfig({ DATA_DIR: dataDir, TRANSCRIBE: 'local', ...service }).localTranscribe?.modelFile).toBe(join(dataDir, 'models', 'ggml-small.bin'));
    const message = refusal({ TRANSCRIBE: 'local' });
    expect(message).toMatch(/^Configuration error: TRANSCRIBE is local but no model file was found: run npm run models:get -- base, or set TRANSCRIBE_MODEL_FILE/);
    expect(message).not.toContain('\n');
  });

  it('service: TRANSCRIBE_URL, or a one-line refusal naming it', () => {
    expect(loadConfig({ DATA_DIR: dataDirWithModels('base'), TRANSCRIBE: 'service', ...service }).transcriptionEngine).toBe('service');
    expect(refusal({ TRANSCRIBE: 'service' })).toBe('Configuration error: TRANSCRIBE_URL must be set when TRANSCRIBE is service (the address of an OpenAI-compatible API)');
  });

  it('off: no engine, whatever else is set', () => {
    const config = loadConfig({ DATA_DIR: dataDirWithModels('base'), TRANSCRIBE: 'off', ...service, TRANSCRIBE_MODEL_FILE: '/nowhere/ggml-base.bin' });
    expect(config).toMatchObject({ transcriptionEngine: 'none', transcribe: null, localTranscribe: null });
  });

  it.each([
    [{ TRANSCRIBE: 'whisper' }, 'Configuration error: TRANSCRIBE must be auto, local, service or off'],
    [{ TRANSCRIBE_LANGUAGE: 'English' }, 'Configuration error: TRANSCRIBE_LANGUAGE must be auto or a language code such as en, de or fr'],
    [{ TRANSCRIBE_CONCURRENCY: '0' }, 'Configuration error: TRANSCRIBE_CONCURRENCY must be a whole number'],
    [{ TRANSCRIBE_CONCURRENCY: '1.5' }, 'Configuration error: TRANSCRIBE_CONCURRENCY must be a whole number'],
  ])('refuses %o with one line: %s', (env, message) => {
    expect(refusal(env)).toBe(message);
  });

  it('refuses a TRANSCRIBE_MODEL_FILE that names no file, rather than running without words', () => {
    const missing = join(tempDir(), 'ggml-base.bin');
    expect(refusal({ TRANSCRIBE_MODEL_FILE: missing })).toBe(`Configuration error: TRANSCRIBE_MODEL_FILE names no file (${missing}): run npm run models:get -- base, or correct the path`);
    expect(refusal({ TRANSCRIBE: 'local', TRANSCRIBE_MODEL_FILE: tempDir() })).toMatch(/^Configuration error: TRANSCRIBE_MODEL_FILE names no file/);
  });
});

describe('the line logged at start', () => {
  it('names the engine, and with none, how to get one', () => {
    const dataDir = dataDirWithModels('tiny');
    expect(transcriptionEngineLine(loadConfig({ DATA_DIR: dataDir, TRANSCRIBE_LANGUAGE: 'de' }))).toBe(
      `Words for recordings: written on this machine with ggml-tiny.bin (${join(dataDir, 'models', 'ggml-tiny.bin')}; language de; 1 at a time, ${threads} ${threads === 1 ? 'thread' : 'threads'} each)`,
    );
    // The service's origin only: whatever the address carries beyond it stays out of the log.
    expect(transcriptionEngineLine(loadConfig({ DATA_DIR: tempDir(), TRANSCRIBE_URL: 'https://user:secret@speech.example.org/v1?key=k' }))).toBe(
      'Words for recordings: written by the transcription service at https://speech.example.org (whisper-1)',
    );
    expect(transcriptionEngineLine(loadConfig({ DATA_DIR: tempDir() }))).toBe(
      'Words for recordings: none are written; run npm run models:get -- base and restart to have them written on this machine (or set TRANSCRIBE_URL)',
    );
  });
});
