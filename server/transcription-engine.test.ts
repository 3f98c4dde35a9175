// DESIGN "Words for every voice": the engine TRANSCRIBE chose is the app's transcriber, GET
// /api/config names it for the three engines, and the app's close ends the local engine's
// child process (main.ts's shutdown, a test's close), so the model's memory goes with it.
import { execFileSync } from 'node:child_process';
import { openAsBlob } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { JFK_WAV } from './audio/decode/test-speech.js';
import { TEST_MODEL } from './providers/ai/local/test-engine.js';
import { jobsOf } from './jobs/index.js';
import { formBody } from './media/test-support.js';
import { audioFile, memoryFields } from './memories/test-support.js';
import { dialects, makeTestApp, type TestApp } from './test/app.js';
import { makeMemory, makeTimeline, makeUser } from './test/factories.js';

/** This process's children running the local engine's entry, by pid. */
function engineChildren(): number[] {
  const lines = execFileSync('ps', ['-o', 'pid=,args=', '--ppid', String(process.pid)], { encoding: 'utf8' }).trim().split('\n');
  return lines.filter((line) => /engine-child/.test(line)).map((line) => Number(line.trim().split(/\s+/)[0]));
}

describe.each(dialects)('the transcription engine on %s', (dialect) => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  const config = async (env: Record<string, string>) => {
    t = await makeTestApp(dialect, { env });
    const response = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(response.statusCode).toBe(200);
    return response.json() as { transcriptionAvailable: boolean; transcription: unknown };
  };

  it('is the local engine with the model file TRANSCRIBE_MODEL_FILE names, which /api/config names and the wizard may count on', async () => {
    expect(await config({ TRANSCRIBE_MODEL_FILE: TEST_MODEL })).toMatchObject({
      transcriptionAvailable: true,
      transcription: { engine: 'local', model: 'for-tests-ggml-tiny.bin' },
    });
    expect(t!.ctx.ai.transcriber.driver).toBe('local');
  });

  it('is the service when TRANSCRIBE_URL is set too (auto prefers it), and none when TRANSCRIBE is off', async () => {
    expect((await config({ TRANSCRIBE_MODEL_FILE: TEST_MODEL, TRANSCRIBE_URL: 'http://127.0.0.1:9/v1' })).transcription).toEqual({ engine: 'service', model: 'whisper-1' });
    await t!.close();
    expect(await config({ TRANSCRIBE_MODEL_FILE: TEST_MODEL, TRANSCRIBE: 'off' })).toMatchObject({ transcriptionAvailable: false, transcription: { engine: 'none', model: null } });
  });

  it("transcribes through the app's transcriber in a child process, and the app's close ends that child", { timeout: 90_000 }, async () => {
    t = await makeTestApp(dialect, { env: { TRANSCRIBE: 'local', TRANSCRIBE_MODEL_FILE: TEST_MODEL } });
    const before = engineChildren();
    // The weightless test model hears no words: this proves the wiring, not the words.
    await expect(t.ctx.ai.transcriber.transcribe({ audio: await openAsBlob(JFK_WAV), filename: 'jfk.wav' })).resolves.toBe('');
    const started = engineChildren().filter((pid) => !before.includes(pid));
    expect(started).toHaveLength(1);

    await t.close();
    t = null;
    expect(engineChildren().filter((pid) => started.includes(pid))).toEqual([]);
  });

  it("writes a voice memory's words by its job through the local engine: queued, then done in its row", { timeout: 90_000 }, async () => {
    t = await makeTestApp(dialect, { env: { TRANSCRIBE: 'local', TRANSCRIBE_MODEL_FILE: TEST_MODEL } });
    const creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    const other = await makeMemory(t.ctx, creator.user, { timelineIds: [timeline.id] });
    const { payload, headers } = await formBody([...memoryFields({ timelineIds: [timeline.id] }), audioFile(await readFile(JFK_WAV), 'jfk.wav')]);
    const saved = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().transcriptionStatus).toBe('queued');

    await t.settleJobs();
    // The weightless model hears no words: the job ran to its end and wrote what it heard, in this memory's row only.
    const statusOf = async (id: string) => (await t!.ctx.db.selectFrom('memories').select(['transcription', 'transcription_status']).where('id', '=', id).executeTakeFirstOrThrow());
    expect(await statusOf(saved.json().id)).toEqual({ transcription: '', transcription_status: 'done' });
    expect(await statusOf(other.id)).toEqual({ transcription: '', transcription_status: 'none' });
    expect(await jobsOf(t.ctx.db, { kind: 'memory.words' })).toEqual([expect.objectContaining({ state: 'done', attempts: 1 })]);
  });
});
