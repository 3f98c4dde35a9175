// DESIGN "AI": voice comments are transcribed after they are saved, when an engine is configured,
// by a job stored with the comment (issue 22), so a restart loses none.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { oggRecording, webmRecording } from '../audio/test-recordings.js';
import { formBody, type FormPart } from '../media/test-support.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from '../providers/ai/test-transcription-server.js';
import { wordsJobHandler } from '../audio/index.js';
import { JobRunner, jobsOf } from '../jobs/index.js';
import { keptLog } from '../jobs/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeUser, type MadeUser } from '../test/factories.js';
import { contentPart, voicePart } from './test-support.js';
import { commentWords } from './words.js';

describe.each(dialects)('transcribing voice comments on %s', (dialect) => {
  let stt: TestTranscriptionServer;
  beforeAll(async () => {
    stt = await startTestTranscriptionServer();
  });
  afterAll(() => stt.close());

  /** An app (with the transcription service unless `configured` is false), a memory and a viewer who comments on it. */
  async function setUp(configured = true) {
    const t = await makeTestApp(dialect, configured ? { env: { TRANSCRIBE_URL: stt.url, TRANSCRIBE_MODEL: 'whisper-test' } } : {});
    const creator = await makeUser(t.ctx);
    const viewer = await makeUser(t.ctx);
    const memory = await makeMemory(t.ctx, creator.user, { sharedWith: [viewer.user] });
    return { t, creator, viewer, memory };
  }
  const post = async (t: TestApp, memoryId: string, who: MadeUser, parts: FormPart[]) => {
    const form = await formBody(parts);
    return t.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/comments`, payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
  };
  const transcriptionOf = async (t: TestApp, commentId: string) =>
    (await t.ctx.db.selectFrom('comments').select('transcription').where('id', '=', commentId).executeTakeFirstOrThrow()).transcription;

  it('answers 201 at once, then the words arrive in the comment and in the list', async () => {
    const { t, creator, viewer, memory } = await setUp();
    try {
      stt.received.length = 0;
      stt.reply = { kind: 'text', text: '  Grandpa sang this every Sunday.  ' };
      const ogg = oggRecording();
      const response = await post(t, memory.id, viewer, [voicePart(ogg, 'comment.webm')]);
      expect(response.statusCode).toBe(201);
      const comment = response.json();
      expect(comment).toMatchObject({ transcription: null, transcriptionStatus: 'queued' });

      await t.settleJobs();
      expect(await transcriptionOf(t, comment.id)).toBe('Grandpa sang this every Sunday.');
      // Sent by its bytes' type, whatever the browser called it.
      expect(stt.received).toHaveLength(1);
      expect(stt.received[0]!.file!.name).toBe('recording.ogg');
      expect(stt.received[0]!.file!.bytes.equals(ogg)).toBe(true);

      const list = await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}/comments`, headers: { cookie: creator.cookie } });
      expect(list.json()).toEqual([
        expect.objectContaining({ id: comment.id, transcription: 'Grandpa sang this every Sunday.', transcriptionStatus: 'done', abilities: { canDelete: false } }),
      ]);
    } finally {
      await t.close();
    }
  });

  it('keeps the job when the app closes before it ran, and an app started later writes the words', async () => {
    const { t, viewer, memory } = await setUp();
    try {
      stt.received.length = 0;
      stt.reply = { kind: 'text', text: 'Happy birthday, Nan!' };
      const response = await post(t, memory.id, viewer, [voicePart(webmRecording())]);
      expect(response.statusCode).toBe(201);
      const id = response.json().id;
      // The job is a row beside the comment, written in its transaction: no process holds it.
      expect(await jobsOf(t.ctx.db, { kind: 'comment.words' })).toEqual([expect.objectContaining({ state: 'queued', payload: { id } })]);
      const later = new JobRunner({ db: t.ctx.db, log: keptLog(), handlers: { 'comment.words': wordsJobHandler(t.ctx, commentWords) } });
      await later.drain();
      expect(await transcriptionOf(t, id)).toBe('Happy birthday, Nan!');
      expect(await jobsOf(t.ctx.db, { kind: 'comment.words' })).toEqual([expect.objectContaining({ state: 'done' })]);
    } finally {
      await t.close();
    }
  });

  it('sends nothing for a text comment', async () => {
    const { t, viewer, memory } = await setUp();
    try {
      stt.received.length = 0;
      const response = await post(t, memory.id, viewer, [contentPart('Only words')]);
      expect(response.statusCode).toBe(201);
      await t.settleJobs();
      expect(stt.received).toEqual([]);
      expect(response.json().transcriptionStatus).toBe('none');
    } finally {
      await t.close();
    }
  });

  it('keeps the comment and its recording, transcription null, when the service fails', async () => {
    const { t, viewer, memory } = await setUp();
    try {
      stt.received.length = 0;
      stt.reply = { kind: 'status', status: 500 };
      const response = await post(t, memory.id, viewer, [contentPart('Hear me'), voicePart(webmRecording())]);
      expect(response.statusCode).toBe(201);
      const comment = response.json();
      await t.settleJobs();
      // Asked again after each pause (5 attempts), then the comment says its words are not coming.
      expect(stt.received).toHaveLength(5);
      expect(await t.ctx.db.selectFrom('comments').selectAll().where('id', '=', comment.id).executeTakeFirstOrThrow()).toMatchObject({
        content: 'Hear me',
        transcription: null,
        transcription_status: 'failed',
        audio_key: comment.audioUrl.slice('/uploads/'.length),
      });
      expect(await t.ctx.media.exists(comment.audioUrl.slice('/uploads/'.length))).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('with no transcription service, saves the voice comment with transcription null and sends nothing', async () => {
    const { t, viewer, memory } = await setUp(false);
    try {
      stt.received.length = 0;
      const response = await post(t, memory.id, viewer, [voicePart(webmRecording())]);
      expect(response.statusCode).toBe(201);
      const comment = response.json();
      expect(comment.transcriptionStatus).toBe('none');
      await t.settleJobs();
      expect(await transcriptionOf(t, comment.id)).toBeNull();
      expect(stt.received).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
