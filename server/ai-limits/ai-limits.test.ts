import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_CALL_LIMITS } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { wavRecording } from '../audio/test-recordings.js';
import { formBody } from '../media/test-support.js';
import { startTestChatServer, type TestChatServer } from '../providers/ai/test-chat-server.js';
import { startTestTranscriptionServer, type TestTranscriptionServer } from '../providers/ai/test-transcription-server.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser } from '../test/factories.js';

const HOUR = 60 * 60_000;

describe.each(dialects)('the per-user limits of the AI calls on %s', (dialect) => {
  let t: TestApp;
  let model: TestChatServer;
  let stt: TestTranscriptionServer;
  beforeAll(async () => {
    model = await startTestChatServer();
    stt = await startTestTranscriptionServer();
    stt.reply = { kind: 'text', text: 'We swam in the lake' };
    t = await makeTestApp(dialect, {
      env: { LLM_URL: model.url, LLM_MODEL: 'test-model', TRANSCRIBE_URL: stt.url, TRANSCRIBE_MODEL: 'whisper-test' },
    });
  });
  afterAll(async () => {
    await t?.close();
    await model.close();
    await stt.close();
  });

  const transcribe = async (cookie: string) => {
    const form = await formBody([{ name: 'audio', filename: 'note.wav', type: 'audio/wav', data: wavRecording() }]);
    return t.app.inject({ method: 'POST', url: '/api/audio/transcribe', payload: form.payload, headers: { ...form.headers, cookie } });
  };
  // The model's default answer is a 500, so each call reaches it and then falls back to the
  // built-in engine: a call the operator pays for all the same.
  const followUp = (cookie: string) =>
    t.app.inject({ method: 'POST', url: '/api/prompts/follow-up', headers: { cookie }, payload: { memoryContent: 'The lake in June', previousQuestions: [] } });
  const refresh = (cookie: string) => t.app.inject({ method: 'POST', url: '/api/prompts/refresh', headers: { cookie }, payload: {} });

  const calls = [
    ['transcriptions', AI_CALL_LIMITS.transcription, transcribe, messages.transcriptionsTooMany, () => stt.received.length],
    ['follow-up questions', AI_CALL_LIMITS.followUp, followUp, messages.followUpsTooMany, () => model.received.length],
    ['prompt refreshes', AI_CALL_LIMITS.promptRefresh, refresh, messages.promptRefreshesTooMany, () => model.received.length],
  ] as const;

  it.each(calls)(
    'refuses the call past the limit of %s in an hour with 429, its message and Retry-After; another user is not affected; an hour later calls go through again',
    async (_, limit, call, message, reachedService) => {
      const member = await makeUser(t.ctx);
      const other = await makeUser(t.ctx);
      for (let i = 0; i < limit.calls; i++) expect((await call(member.cookie)).statusCode).toBe(200);

      const sentBefore = reachedService();
      const refused = await call(member.cookie);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message });
      // The first call leaves the window an hour after it was made: a moment ago.
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(limit.windowMs / 1000 - 120);
      expect(retryAfter).toBeLessThanOrEqual(limit.windowMs / 1000);
      // The refused call never reached the service.
      expect(reachedService()).toBe(sentBefore);

      expect((await call(other.cookie)).statusCode).toBe(200);
      expect((await call(member.cookie)).statusCode).toBe(429);

      t.advance(limit.windowMs + 1000);
      expect((await call(member.cookie)).statusCode).toBe(200);
    },
    60_000,
  );

  it('lets no more than the limit through when the calls come all at once', async () => {
    const member = await makeUser(t.ctx);
    const { calls: limit } = AI_CALL_LIMITS.followUp;
    const answers = await Promise.all(Array.from({ length: limit + 10 }, () => followUp(member.cookie)));
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status !== 200 && status !== 429)).toEqual([]);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(limit);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(10);
    t.advance(HOUR + 1000);
  }, 60_000);

  it('forgets the calls that left the window, so the table holds at most an hour of them', async () => {
    const member = await makeUser(t.ctx);
    for (let i = 0; i < 3; i++) expect((await followUp(member.cookie)).statusCode).toBe(200);
    t.advance(HOUR + 1000);
    expect((await followUp(member.cookie)).statusCode).toBe(200);
    const rows = await t.ctx.db.selectFrom('ai_calls').selectAll().where('user_id', '=', member.user.id).execute();
    expect(rows).toHaveLength(1);
  });
});

describe.each(dialects)('the AI calls without a configured service on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t?.close());

  it('never limits the built-in engines, which cost the operator nothing', async () => {
    const member = await makeUser(t.ctx);
    for (let i = 0; i <= AI_CALL_LIMITS.followUp.calls; i++) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/prompts/follow-up',
        headers: { cookie: member.cookie },
        payload: { memoryContent: 'The lake in June', previousQuestions: [] },
      });
      expect(response.statusCode).toBe(200);
    }
    expect(await t.ctx.db.selectFrom('ai_calls').selectAll().execute()).toEqual([]);
  }, 60_000);
});
