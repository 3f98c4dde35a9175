import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createChatClient } from '../providers/ai/index.js';
import { startTestChatServer, type ChatReply, type TestChatServer } from '../providers/ai/test-chat-server.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { builtInFollowUp } from './follow-up-engine.js';
import { followUpQuestion } from './follow-up-service.js';

const memoryContent = 'Grandma Rose took us to Brighton in 1987, and we ate chips on the pier until the gulls chased us off.';
const asked = ['What do you remember most about Grandma Rose?'];
const builtIn = builtInFollowUp({ memoryContent, previousQuestions: asked });
const modelSays = (question: string): ChatReply => ({ kind: 'message', content: JSON.stringify({ question }) });

describe.each(dialects)('POST /api/prompts/follow-up with a chat model on %s', (dialect) => {
  let t: TestApp;
  let model: TestChatServer;
  let cookie: string;
  beforeAll(async () => {
    model = await startTestChatServer();
    t = await makeTestApp(dialect, { env: { LLM_URL: model.url, LLM_MODEL: 'test-model', LLM_API_KEY: 'sk-follow-up' } });
    ({ cookie } = await makeUser(t.ctx));
  });
  afterAll(async () => {
    await t?.close();
    await model.close();
  });
  beforeEach(() => {
    model.received.length = 0;
  });

  const ask = (previousQuestions: string[], content = memoryContent) =>
    t.app.inject({ method: 'POST', url: '/api/prompts/follow-up', payload: { memoryContent: content, previousQuestions }, headers: { cookie } });

  it("uses the model's question, asked with the memory and the questions already asked", async () => {
    model.reply = modelSays('What game did you and Grandma Rose play on the pier?');
    const response = await ask(asked);
    expect(response.json()).toEqual({ question: 'What game did you and Grandma Rose play on the pier?' });

    expect(model.received).toHaveLength(1);
    const [sent] = model.received;
    expect(sent).toMatchObject({ path: '/v1/chat/completions', body: { model: 'test-model', response_format: { type: 'json_object' } } });
    expect(sent!.headers.authorization).toBe('Bearer sk-follow-up');
    const [system, request] = sent!.body.messages;
    expect(system.content).toContain('{"question": "..."}');
    expect(request.content).toContain(JSON.stringify(memoryContent));
    expect(request.content).toContain(JSON.stringify(asked));
  });

  it.each([
    ['repeats a question already asked', modelSays('What do you remember most about grandma Rose?')],
    ['answers HTTP 500', { kind: 'status', status: 500 } as const],
    ['answers without a question', { kind: 'message', content: '{"answer": "Tell me more."}' } as const],
  ])('falls back to the built-in engine when the model %s', async (_, reply) => {
    model.reply = reply;
    const response = await ask(asked);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ question: builtIn });
    expect(model.received).toHaveLength(1);
  });

  it('asks the model about a story told by voice from its title and prompt, and falls back to the engine on the same', async () => {
    const story = { memoryContent: '', previousQuestions: [], title: 'The day we moved', prompt: 'What was your first home like?' };
    model.reply = modelSays('What did you carry into the new house first?');
    const response = await t.app.inject({ method: 'POST', url: '/api/prompts/follow-up', payload: story, headers: { cookie } });
    expect(response.json()).toEqual({ question: 'What did you carry into the new house first?' });
    expect(model.received).toHaveLength(1);
    const request = model.received[0]!.body.messages[1].content as string;
    expect(request).toContain(JSON.stringify('The day we moved'));
    expect(request).toContain(JSON.stringify('What was your first home like?'));

    model.reply = { kind: 'status', status: 500 };
    const fallback = await t.app.inject({ method: 'POST', url: '/api/prompts/follow-up', payload: story, headers: { cookie } });
    expect(fallback.json()).toEqual({ question: builtInFollowUp(story) });
    expect(fallback.json().question).toContain('The day we moved');
  });

  it('falls back to the engine when the model asks back the prompt the story answers, and the engine does not either', async () => {
    const prompt = 'What do you remember most about Grandma Rose?';
    model.reply = modelSays('What do you remember most about Grandma Rose, really?');
    const story = { memoryContent, previousQuestions: [], title: prompt, prompt };
    const response = await t.app.inject({ method: 'POST', url: '/api/prompts/follow-up', payload: story, headers: { cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ question: 'What did Brighton look, sound or smell like back then?' });
    expect(model.received).toHaveLength(1);
  });

  it('does not ask the model about an empty memory', async () => {
    const response = await ask([], '  ');
    expect(response.json()).toEqual({ question: builtInFollowUp({ memoryContent: '  ', previousQuestions: [] }) });
    expect(model.received).toHaveLength(0);
  });
});

// The route's client has the production limit (8 s); the fallback on a time-out is tested
// on the service with a client that waits 150 ms.
describe('a follow-up question when the chat model does not answer', () => {
  let model: TestChatServer;
  beforeAll(async () => {
    model = await startTestChatServer();
  });
  afterAll(() => model.close());

  it('falls back to the built-in engine at the time limit', async () => {
    model.reply = { kind: 'hang' };
    const chat = createChatClient({ url: model.url, model: 'test-model' }, { timeoutMs: 150 });
    const started = Date.now();
    await expect(followUpQuestion({ chat }, { memoryContent, previousQuestions: asked })).resolves.toBe(builtIn);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(model.received).toHaveLength(1);
  });
});
