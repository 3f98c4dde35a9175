import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatClient } from '../providers/ai/index.js';
import { startTestChatServer, type ChatReply, type TestChatServer } from '../providers/ai/test-chat-server.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser } from '../test/factories.js';
import { promptLibrary } from './engine.js';
import { dayIn, dailyPrompts } from './service.js';

const answer = (lookingBack: string, lookingForward: string): ChatReply => ({ kind: 'message', content: JSON.stringify({ lookingBack, lookingForward }) });

const fromLibrary = (pair: { lookingBackPrompt: string; lookingForwardPrompt: string }) =>
  promptLibrary.lookingBack.includes(pair.lookingBackPrompt) && promptLibrary.lookingForward.includes(pair.lookingForwardPrompt);

describe.each(dialects)('daily prompts written by a chat model on %s', (dialect) => {
  let t: TestApp;
  let model: TestChatServer;
  beforeAll(async () => {
    model = await startTestChatServer();
    t = await makeTestApp(dialect, { env: { LLM_URL: model.url, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-heirloom-test' } });
  });
  afterAll(async () => {
    await t.close();
    await model.close();
  });
  beforeEach(() => {
    model.received.length = 0;
  });

  const daily = (cookie: string, query = '') => t.app.inject({ method: 'GET', url: `/api/prompts/daily${query}`, headers: { cookie } });
  const refresh = (cookie: string, payload: object = {}) => t.app.inject({ method: 'POST', url: '/api/prompts/refresh', headers: { cookie }, payload });

  it("uses the model's pair, asks for it in the OpenAI format with the timeline as context, and keeps it for the day", async () => {
    const { user: owner } = await makeUser(t.ctx);
    const member = await makeUser(t.ctx);
    const { cookie } = await makeUser(t.ctx);
    const timeline = await makeTimeline(t.ctx, owner, { name: 'The Okafor Family', members: [member.user] });
    await t.ctx.db.updateTable('timelines').set({ description: 'Summers in Enugu and Leeds' }).where('id', '=', timeline.id).execute();
    model.reply = answer('What did Grandpa Emeka grow in his yard in Enugu?', 'Which Leeds summer tradition should the cousins keep going?');

    const response = await daily(member.cookie, `?timelineId=${timeline.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      lookingBackPrompt: 'What did Grandpa Emeka grow in his yard in Enugu?',
      lookingForwardPrompt: 'Which Leeds summer tradition should the cousins keep going?',
    });

    expect(model.received).toHaveLength(1);
    const [sent] = model.received;
    expect(sent).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(sent!.headers.authorization).toBe('Bearer sk-heirloom-test');
    expect(sent!.body).toMatchObject({ model: 'test-model', response_format: { type: 'json_object' } });
    const [system, request] = sent!.body.messages;
    expect(system.role).toBe('system');
    expect(system.content).toContain('{"lookingBack": "...", "lookingForward": "..."}');
    expect(request.role).toBe('user');
    expect(request.content).toContain(`Today is ${dayIn(t.ctx.now())}.`);
    expect(request.content).toContain('"The Okafor Family"');
    expect(request.content).toContain('"Summers in Enugu and Leeds"');

    // Stable for the day: the stored pair is served without asking again.
    expect((await daily(member.cookie, `?timelineId=${timeline.id}`)).json()).toEqual(response.json());
    expect(model.received).toHaveLength(1);
    // A non-member learns nothing, and the model is not asked.
    expect((await daily(cookie, `?timelineId=${timeline.id}`)).statusCode).toBe(404);
    expect(model.received).toHaveLength(1);
  });

  it('tells the model which pair a refresh replaces, and falls back to the library when it repeats one', async () => {
    const { cookie } = await makeUser(t.ctx);
    model.reply = answer('What was your first bicycle like?', 'Where would you like to cycle next summer?');
    const first = (await daily(cookie)).json();
    expect(model.received[0]!.body.messages[1].content).not.toMatch(/timeline/i);

    model.reply = answer('Who taught you to swim?', 'Who would you like to teach to swim?');
    const second = (await refresh(cookie)).json();
    expect(second).toEqual({ lookingBackPrompt: 'Who taught you to swim?', lookingForwardPrompt: 'Who would you like to teach to swim?' });
    expect(model.received[1]!.body.messages[1].content).toContain(JSON.stringify({ lookingBack: first.lookingBackPrompt, lookingForward: first.lookingForwardPrompt }));

    model.reply = answer('Who taught you to swim?', 'A brand new hope?');
    const third = (await refresh(cookie)).json();
    expect(fromLibrary(third)).toBe(true);
    expect((await daily(cookie)).json()).toEqual(third);
  });

  it.each([
    ['an HTTP 500', { kind: 'status', status: 500 }],
    ['a reply that is not JSON', { kind: 'message', content: 'Sure! Here are two lovely prompts for today.' }],
    ['JSON without the two prompts', { kind: 'message', content: '{"lookingBack": "Only one?"}' }],
    ['a response body that is not JSON', { kind: 'raw', body: '<html>Bad gateway</html>' }],
  ] satisfies [string, ChatReply][])('falls back to the built-in library on %s, and keeps that pair for the day', async (_, reply) => {
    const { cookie } = await makeUser(t.ctx);
    model.reply = reply;
    const response = await daily(cookie);
    expect(response.statusCode).toBe(200);
    expect(fromLibrary(response.json())).toBe(true);
    expect(model.received).toHaveLength(1);
    expect((await daily(cookie)).json()).toEqual(response.json());
  });

  it('falls back to the built-in library when the model does not answer in time', async () => {
    const { user, cookie } = await makeUser(t.ctx);
    model.reply = { kind: 'hang' };
    // The 8 s limit, shortened: the driver is the app's own, built from the same config.
    const chat = createChatClient(t.ctx.config.llm, { timeoutMs: 200 });
    const started = Date.now();
    const pair = await dailyPrompts({ ctx: t.ctx, chat }, user, {});
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(promptLibrary.lookingBack).toContain(pair.lookingBack);
    expect(promptLibrary.lookingForward).toContain(pair.lookingForward);
    expect(model.received).toHaveLength(1);
    expect((await daily(cookie)).json()).toEqual({ lookingBackPrompt: pair.lookingBack, lookingForwardPrompt: pair.lookingForward });
  });
});
