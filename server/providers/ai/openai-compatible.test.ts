import { createServer } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChatError, createChatClient } from './index.js';
import { startTestChatServer, type TestChatServer } from './test-chat-server.js';

const messages = [
  { role: 'system' as const, content: 'Answer in JSON.' },
  { role: 'user' as const, content: 'Hello' },
];

describe('the chat model provider', () => {
  let server: TestChatServer;
  beforeAll(async () => {
    server = await startTestChatServer();
  });
  afterAll(() => server.close());
  beforeEach(() => {
    server.received.length = 0;
  });

  const client = (apiKey?: string, timeoutMs = 2_000) => createChatClient({ url: server.url, apiKey, model: 'test-model' }, { timeoutMs });

  it('posts the OpenAI chat format to {LLM_URL}/chat/completions with the key as a Bearer token', async () => {
    server.reply = { kind: 'message', content: '{"ok":true}' };
    await expect(client('sk-secret').complete({ messages, json: true })).resolves.toBe('{"ok":true}');

    expect(server.received).toHaveLength(1);
    const [request] = server.received;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/chat/completions' });
    expect(request!.headers.authorization).toBe('Bearer sk-secret');
    expect(request!.headers['content-type']).toBe('application/json');
    expect(request!.body).toEqual({ model: 'test-model', messages, response_format: { type: 'json_object' } });
  });

  it('sends no Authorization header without a key, no response_format unless JSON is asked, and tolerates a trailing slash', async () => {
    server.reply = { kind: 'message', content: 'plain text' };
    const chat = createChatClient({ url: `${server.url}/`, model: 'test-model' });
    await expect(chat.complete({ messages })).resolves.toBe('plain text');
    const [request] = server.received;
    expect(request!.path).toBe('/v1/chat/completions');
    expect(request!.headers.authorization).toBeUndefined();
    expect(request!.body).toEqual({ model: 'test-model', messages });
  });

  it.each([
    ['an HTTP 500', { kind: 'status', status: 500 } as const, /HTTP 500/],
    ['a body that is not JSON', { kind: 'raw', body: '{"choices": [' } as const, /no JSON/],
    ['JSON without a message', { kind: 'raw', body: '{"choices": []}' } as const, /without a message/],
  ])('rejects with ChatError on %s', async (_, reply, message) => {
    server.reply = reply;
    const failure = client().complete({ messages });
    await expect(failure).rejects.toBeInstanceOf(ChatError);
    await expect(failure).rejects.toThrow(message);
  });

  it('gives up after the time limit when the model does not answer', async () => {
    server.reply = { kind: 'hang' };
    const started = Date.now();
    await expect(client(undefined, 150).complete({ messages })).rejects.toThrow(/did not answer within 150 ms/);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(server.received).toHaveLength(1);
  });

  it('rejects with ChatError when nothing listens at LLM_URL', async () => {
    // A port that was free a moment ago: connecting to it is refused.
    const probe = createServer();
    const port = await new Promise<number>((resolve) => probe.listen(0, '127.0.0.1', () => resolve((probe.address() as { port: number }).port)));
    await new Promise((resolve) => probe.close(resolve));
    const chat = createChatClient({ url: `http://127.0.0.1:${port}/v1`, model: 'test-model' });
    await expect(chat.complete({ messages })).rejects.toThrow(/could not be reached/);
  });

  it("builds the 'none' driver when no model is configured, which refuses without sending anything", async () => {
    const chat = createChatClient(null);
    expect(chat.driver).toBe('none');
    await expect(chat.complete({ messages })).rejects.toBeInstanceOf(ChatError);
    expect(server.received).toHaveLength(0);
  });
});
