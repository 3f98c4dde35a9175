// issue 26: Safari and iOS record audio/mp4, and, asked for a chunk every second as both our
// recorders ask, *fragmented* MP4 (ftyp, a moov with mvex and no samples, a moof+mdat pair a
// second). Declared as 'audio/mp4', older Safari's 'video/mp4' or with its codecs, such a
// recording is a memory's voice, a spoken answer, a voice comment and a storyteller's story
// like any other: kept as audio/mp4, served with its type and by Range (Safari asks for bytes
// 0-1 before it plays anything), its words written by the service (sent a file named .m4a,
// which is how OpenAI knows the format) and by the local engine. On both databases.
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { recordingFileName } from '../../common/audio-rules.js';
import { messages } from '../../common/messages.js';
import { formBody, type FormPart } from '../media/test-support.js';
import { audioFile, memoryFields } from '../memories/test-support.js';
import { TEST_MODEL } from '../providers/ai/local/test-engine.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from '../providers/ai/test-transcription-server.js';
import { addStoryteller, as, makeFamilyTimeline } from '../storytellers/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';

/** jfk.wav as Safari's MediaRecorder writes it with a 1 s timeslice (decode/fixtures/README.md). */
const SAFARI = readFileSync(new URL('./decode/fixtures/jfk-aac-fragmented.mp4', import.meta.url));

/** What Safari versions call the recording: the type MediaRecorder reports, and the name our forms give it. */
const SAFARI_TYPES = ['audio/mp4', 'video/mp4', 'audio/mp4;codecs=mp4a.40.2'] as const;
const safariPart = (type: string, name = 'audio'): FormPart => ({ ...audioFile(SAFARI, recordingFileName(type), type), name });

describe.each(dialects)("Safari's fragmented MP4 recordings on %s", (dialect) => {
  let t: TestApp;
  let stt: TestTranscriptionServer;
  beforeAll(async () => {
    stt = await startTestTranscriptionServer();
    t = await makeTestApp(dialect, { env: { TRANSCRIBE_URL: stt.url, TRANSCRIBE_MODEL: 'whisper-test' } });
  });
  afterAll(async () => {
    await t?.close();
    await stt.close();
  });
  beforeEach(() => {
    stt.received.length = 0;
    stt.reply = { kind: 'text', text: 'Ask not what your country can do for you.' };
  });

  async function post(url: string, parts: FormPart[], headers: Record<string, string> = {}) {
    const { payload, headers: form } = await formBody(parts);
    return t.app.inject({ method: 'POST', url, payload, headers: { ...form, ...headers } });
  }

  /** The file at `url` as `who` gets it, whole and by the Range Safari asks first, each compared with the recording's bytes. */
  async function expectServedAsMp4(url: string, who: MadeUser) {
    const whole = await t.app.inject({ method: 'GET', url, headers: as(who) });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(SAFARI)).toBe(true);
    const probe = await t.app.inject({ method: 'GET', url, headers: { ...as(who), range: 'bytes=0-1' } });
    expect(probe.statusCode).toBe(206);
    expect(probe.headers['content-type']).toBe('audio/mp4');
    expect(probe.headers['content-range']).toBe(`bytes 0-1/${SAFARI.length}`);
    expect(probe.rawPayload.equals(SAFARI.subarray(0, 2))).toBe(true);
    const tail = await t.app.inject({ method: 'GET', url, headers: { ...as(who), range: 'bytes=60000-' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(SAFARI.subarray(60_000))).toBe(true);
  }

  /** The one recording the service was sent: the whole file, named .m4a, typed audio/mp4. */
  function expectSentToServiceAsM4a() {
    expect(stt.received).toHaveLength(1);
    expect(stt.received[0]!.file).toMatchObject({ name: expect.stringMatching(/\.m4a$/), type: 'audio/mp4' });
    expect(stt.received[0]!.file!.bytes.equals(SAFARI)).toBe(true);
  }

  const mediaRowOf = (key: string) => t.ctx.db.selectFrom('media').select(['kind', 'mime_type', 'size']).where('storage_key', '=', key).executeTakeFirstOrThrow();

  it.each(SAFARI_TYPES)("keeps a memory's voice declared %s as audio/mp4, serves it so Safari plays it, and its words come from the service", async (type) => {
    const creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    const saved = await post('/api/memories', [...memoryFields({ timelineIds: [timeline.id] }), safariPart(type)], as(creator));
    expect(saved.statusCode, saved.body).toBe(201);
    const memory = saved.json<{ id: string; audioUrl: string; transcriptionStatus: string }>();
    expect(memory.transcriptionStatus).toBe('queued');
    const row = await t.ctx.db.selectFrom('memories').select('audio_key').where('id', '=', memory.id).executeTakeFirstOrThrow();
    expect(row.audio_key).toMatch(/^audio\/.+\.m4a$/);
    expect(await mediaRowOf(row.audio_key!)).toEqual({ kind: 'audio', mime_type: 'audio/mp4', size: SAFARI.length });
    await expectServedAsMp4(memory.audioUrl, creator);

    await t.settleJobs();
    expectSentToServiceAsM4a();
    const read = await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}`, headers: as(creator) });
    expect(read.json()).toMatchObject({ transcription: 'Ask not what your country can do for you.', transcriptionStatus: 'done' });
  });

  it("keeps a spoken follow-up answer Safari recorded as audio/mp4, served by Range, its words from the service", async () => {
    const creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    const spoken = { question: 'Who sang?', answer: messages.audioAnswerNoTranscription, hasAudio: true };
    const saved = await post(
      '/api/memories',
      [...memoryFields({ timelineIds: [timeline.id], transcription: 'Typed words for the voice.', followUpResponses: [spoken] }), safariPart('audio/mp4'), safariPart('video/mp4', 'followUpAudio')],
      as(creator),
    );
    expect(saved.statusCode, saved.body).toBe(201);
    const memory = saved.json<{ id: string; followUpResponses: Array<{ audioUrl: string }> }>();
    const answer = await t.ctx.db.selectFrom('follow_up_responses').select(['id', 'audio_key']).where('memory_id', '=', memory.id).executeTakeFirstOrThrow();
    expect(answer.audio_key).toMatch(/^audio\/.+\.m4a$/);
    expect(await mediaRowOf(answer.audio_key!)).toEqual({ kind: 'audio', mime_type: 'audio/mp4', size: SAFARI.length });
    await expectServedAsMp4(memory.followUpResponses[0]!.audioUrl, creator);

    await t.settleJobs();
    // The memory's own words were typed: only the answer's recording went to the service.
    expectSentToServiceAsM4a();
    const words = await t.ctx.db.selectFrom('follow_up_responses').select(['answer', 'transcription_status']).where('id', '=', answer.id).executeTakeFirstOrThrow();
    expect(words).toEqual({ answer: 'Ask not what your country can do for you.', transcription_status: 'done' });
  });

  it.each(SAFARI_TYPES)('keeps a voice comment declared %s as audio/mp4, served with its type and by Range, its words from the service', async (type) => {
    const creator = await makeUser(t.ctx);
    const member = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user, { members: [member.user] });
    const memory = await makeMemory(t.ctx, creator.user, { timelineIds: [timeline.id], sharedWith: [member.user] });
    // Named .webm whatever it holds, as an older page named every voice comment: the bytes decide.
    const sent = await post(`/api/memories/${memory.id}/comments`, [{ ...safariPart(type), filename: 'comment.webm' }], as(member));
    expect(sent.statusCode, sent.body).toBe(201);
    const comment = sent.json<{ id: string; audioUrl: string }>();
    const row = await t.ctx.db.selectFrom('comments').select('audio_key').where('id', '=', comment.id).executeTakeFirstOrThrow();
    expect(row.audio_key).toMatch(/^comment-audio\/.+\.m4a$/);
    expect(await mediaRowOf(row.audio_key!)).toEqual({ kind: 'comment_audio', mime_type: 'audio/mp4', size: SAFARI.length });
    // The creator hears it as the member who left it does.
    await expectServedAsMp4(comment.audioUrl, creator);

    await t.settleJobs();
    expectSentToServiceAsM4a();
    const words = await t.ctx.db.selectFrom('comments').select(['transcription', 'transcription_status']).where('id', '=', comment.id).executeTakeFirstOrThrow();
    expect(words).toEqual({ transcription: 'Ask not what your country can do for you.', transcription_status: 'done' });
  });

  it.each(SAFARI_TYPES)("files a storyteller's story recorded as %s with its voice as audio/mp4, heard by the family, its words from the service", async (type) => {
    const family = await makeFamilyTimeline(t);
    const rose = await addStoryteller(t, family.timelineId, family.creator);
    const sent = await post(`/api/tell/${rose.token}/memories`, [safariPart(type)]);
    expect(sent.statusCode, sent.body).toBe(201);
    const { id } = sent.json<{ id: string }>();
    const row = await t.ctx.db.selectFrom('memories').select(['audio_key', 'user_id']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(rose.id);
    expect(row.audio_key).toMatch(/^audio\/.+\.m4a$/);
    expect(await mediaRowOf(row.audio_key!)).toEqual({ kind: 'audio', mime_type: 'audio/mp4', size: SAFARI.length });
    const seen = await t.app.inject({ method: 'GET', url: `/api/memories/${id}`, headers: as(family.other) });
    await expectServedAsMp4(seen.json().audioUrl, family.other);

    await t.settleJobs();
    expectSentToServiceAsM4a();
    const words = await t.ctx.db.selectFrom('memories').select(['transcription', 'transcription_status']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(words).toEqual({ transcription: 'Ask not what your country can do for you.', transcription_status: 'done' });
  });

  it('transcribes it at once on POST /api/audio/transcribe (the wizard asks while the person waits), sent as .m4a', async () => {
    const { cookie } = await makeUser(t.ctx);
    const response = await post('/api/audio/transcribe', [safariPart('audio/mp4;codecs=mp4a.40.2')], { cookie });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ transcription: 'Ask not what your country can do for you.' });
    expectSentToServiceAsM4a();
  });
});

describe.each(dialects)("Safari's fragmented MP4 through the local engine on %s", (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect, { env: { TRANSCRIBE: 'local', TRANSCRIBE_MODEL_FILE: TEST_MODEL } });
  });
  afterAll(() => t?.close());

  it("writes a Safari voice memory's words by its job: the child decodes the fragments, and the job ends done, not failed", { timeout: 90_000 }, async () => {
    const creator = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, creator.user);
    const { payload, headers } = await formBody([...memoryFields({ timelineIds: [timeline.id] }), safariPart('audio/mp4')]);
    const saved = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
    expect(saved.statusCode, saved.body).toBe(201);
    expect(saved.json().transcriptionStatus).toBe('queued');
    await t.settleJobs();
    // The weightless test model hears no words; a recording it could not decode would leave 'failed'.
    const row = await t.ctx.db.selectFrom('memories').select(['transcription', 'transcription_status']).where('id', '=', saved.json().id).executeTakeFirstOrThrow();
    expect(row).toEqual({ transcription: '', transcription_status: 'done' });
  });
});
