// issue 22 "Every recording gets its words": a memory saved with its voice and no words gets
// them from a job (queued with the memory, run by any instance); words given are 'done' at
// once; a person's edit wins over a job that finishes later; a failure keeps the recording and
// says so; recordings saved while no engine was configured are queued once one is.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../common/memories.js';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { jobsOf } from '../jobs/index.js';
import { formBody } from '../media/test-support.js';
import { transcribeMissing } from '../ops/words.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from '../providers/ai/test-transcription-server.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { patchJson } from './edit-test-support.js';
import { audioFile, memoryFields, wavBytes } from './test-support.js';

describe.each(dialects)('the words of a memory voice on %s', (dialect) => {
  let stt: TestTranscriptionServer;
  beforeAll(async () => {
    stt = await startTestTranscriptionServer();
  });
  afterAll(() => stt.close());

  const serviceEnv = () => ({ TRANSCRIBE_URL: stt.url, TRANSCRIBE_MODEL: 'whisper-test' });

  async function setUp(env: Record<string, string> = serviceEnv()) {
    const t = await makeTestApp(dialect, { env });
    const creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    return { t, creator, timelineId: timeline.id };
  }
  async function saveVoice(t: TestApp, creator: MadeUser, timelineId: string, transcription = ''): Promise<Memory> {
    const { payload, headers } = await formBody([...memoryFields({ timelineIds: [timelineId], transcription }), audioFile(wavBytes())]);
    const response = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
    expect(response.statusCode).toBe(201);
    return response.json();
  }
  const read = async (t: TestApp, creator: MadeUser, id: string): Promise<Memory> =>
    (await t.app.inject({ method: 'GET', url: `/api/memories/${id}`, headers: { cookie: creator.cookie } })).json();

  it('saves the memory at once as queued, and its words arrive from the job, searchable', async () => {
    const { t, creator, timelineId } = await setUp();
    try {
      stt.received.length = 0;
      stt.reply = { kind: 'text', text: ' We married in the rain at Saint Brigid’s. ' };
      const memory = await saveVoice(t, creator, timelineId);
      expect(memory).toMatchObject({ transcription: '', transcriptionStatus: 'queued' });
      expect(await jobsOf(t.ctx.db, { kind: 'memory.words' })).toEqual([expect.objectContaining({ state: 'queued', payload: { id: memory.id } })]);

      await t.settleJobs();
      expect(await read(t, creator, memory.id)).toMatchObject({ transcription: 'We married in the rain at Saint Brigid’s.', transcriptionStatus: 'done' });
      expect(stt.received).toHaveLength(1);
      const search = await t.app.inject({ method: 'GET', url: '/api/memories/search?q=married%20rain', headers: { cookie: creator.cookie } });
      expect(search.json().map((found: Memory) => found.id)).toEqual([memory.id]);
    } finally {
      await t.close();
    }
  });

  it('keeps words sent with the recording: done, and no job', async () => {
    const { t, creator, timelineId } = await setUp();
    try {
      stt.received.length = 0;
      const memory = await saveVoice(t, creator, timelineId, 'Said and written.');
      expect(memory.transcriptionStatus).toBe('done');
      await t.settleJobs();
      expect(await jobsOf(t.ctx.db, { kind: 'memory.words' })).toEqual([]);
      expect(stt.received).toEqual([]);
      // A memory without a voice has no words to wait for.
      const { payload, headers } = await formBody(memoryFields({ timelineIds: [timelineId] }));
      const written = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
      expect(written.json().transcriptionStatus).toBe('none');
    } finally {
      await t.close();
    }
  });

  it("never overwrites words a person wrote while the job was waiting, and changes nothing else of an edit", async () => {
    const { t, creator, timelineId } = await setUp();
    try {
      stt.reply = { kind: 'text', text: 'What the machine heard.' };
      const memory = await saveVoice(t, creator, timelineId);
      // An edit that sends the same (empty) words back leaves the job its work.
      const untouched = await patchJson(t, memory.id, creator.cookie, { title: 'Our wedding', transcription: '' });
      expect(untouched.json()).toMatchObject({ title: 'Our wedding', transcriptionStatus: 'queued' });
      const edited = await patchJson(t, memory.id, creator.cookie, { transcription: 'What Grandma really said.' });
      expect(edited.json()).toMatchObject({ transcription: 'What Grandma really said.', transcriptionStatus: 'done' });

      await t.settleJobs();
      expect(await read(t, creator, memory.id)).toMatchObject({ title: 'Our wedding', transcription: 'What Grandma really said.', transcriptionStatus: 'done' });
    } finally {
      await t.close();
    }
  });

  it('keeps the recording playable and says failed once every attempt failed', async () => {
    const { t, creator, timelineId } = await setUp();
    try {
      stt.received.length = 0;
      stt.reply = { kind: 'status', status: 500 };
      const memory = await saveVoice(t, creator, timelineId);
      await t.settleJobs();
      expect(stt.received).toHaveLength(5);
      const after = await read(t, creator, memory.id);
      expect(after).toMatchObject({ transcription: '', transcriptionStatus: 'failed', audioUrl: memory.audioUrl });
      expect(await t.ctx.media.exists(memory.audioUrl!.slice('/uploads/'.length))).toBe(true);
      expect(await jobsOf(t.ctx.db, { kind: 'memory.words' })).toEqual([expect.objectContaining({ state: 'failed', attempts: 5 })]);
    } finally {
      await t.close();
    }
  });

  /** The app's database and folder as environment variables, for a second app or an ops command. */
  const envOf = (t: TestApp) => ({
    DATA_DIR: t.ctx.config.dataDir,
    PUBLIC_URL: t.ctx.config.publicUrl.origin,
    SESSION_SECRET: t.ctx.config.sessionSecret,
    DATABASE_URL: t.ctx.config.databaseUrl,
    ...(t.ctx.config.databaseSchema ? { DATABASE_SCHEMA: t.ctx.config.databaseSchema } : {}),
  });

  it('queues the recordings saved while no engine was configured when an app starts with one', async () => {
    const { t, creator, timelineId } = await setUp({});
    try {
      const memory = await saveVoice(t, creator, timelineId);
      expect(memory.transcriptionStatus).toBe('none');
      await t.settleJobs();
      expect(await jobsOf(t.ctx.db)).toEqual([]);

      // The same database, an app started with a service configured: its start queues the words.
      const config = loadConfig({ ...envOf(t), ...serviceEnv() });
      const withEngine = await buildApp({ ctx: createContext({ db: t.ctx.db, dialect, config, media: t.ctx.media, now: () => t.ctx.now() }), startJobs: false });
      try {
        await withEngine.ready();
        expect(await jobsOf(t.ctx.db, { kind: 'memory.words' })).toEqual([expect.objectContaining({ state: 'queued', payload: { id: memory.id } })]);
        stt.reply = { kind: 'text', text: 'Words at last.' };
        await withEngine.jobs.drain();
        expect(await read(t, creator, memory.id)).toMatchObject({ transcription: 'Words at last.', transcriptionStatus: 'done' });
      } finally {
        await withEngine.close();
      }
    } finally {
      await t.close();
    }
  });

  it('transcribe:missing refuses without an engine, and queues each recording once with one', async () => {
    const { t, creator, timelineId } = await setUp({});
    try {
      const memory = await saveVoice(t, creator, timelineId);
      const lines: string[] = [];
      const io = { say: (line: string) => lines.push(line), complain: (line: string) => lines.push(line) };
      // Refused while there is no engine: the words would never come.
      expect(await transcribeMissing(envOf(t), io)).toBe(1);
      expect(lines.at(-1)).toMatch(/^No engine writes words here/);
      expect(await jobsOf(t.ctx.db)).toEqual([]);
      expect((await read(t, creator, memory.id)).transcriptionStatus).toBe('none');

      expect(await transcribeMissing({ ...envOf(t), ...serviceEnv() }, io)).toBe(0);
      expect(lines.at(-1)).toMatch(/^Queued 1 recording:/);
      // Asking again queues nothing more.
      expect(await transcribeMissing({ ...envOf(t), ...serviceEnv() }, io)).toBe(0);
      expect(lines.at(-1)).toBe('Every recording has its words, or a job writing them.');
      expect(await jobsOf(t.ctx.db, { kind: 'memory.words' })).toHaveLength(1);
      expect((await read(t, creator, memory.id)).transcriptionStatus).toBe('queued');
    } finally {
      await t.close();
    }
  });
});
