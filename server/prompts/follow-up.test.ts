import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser } from '../test/factories.js';
import { generalQuestions } from './follow-up-vocabulary.js';

const memoryContent = 'Grandma Rose took us to Brighton in 1987, and we ate chips on the pier until the gulls chased us off.';

describe.each(dialects)('POST /api/prompts/follow-up without a chat model on %s', (dialect) => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ({ cookie } = await makeUser(t.ctx));
  });
  afterAll(() => t?.close());

  const ask = (payload: unknown, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'POST', url: '/api/prompts/follow-up', payload: payload as object, headers });

  it("asks about the memory's own people and places, never one already asked", async () => {
    const first = await ask({ memoryContent, previousQuestions: [] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ question: 'What do you remember most about Grandma Rose?' });
    const second = await ask({ memoryContent, previousQuestions: ['What do you remember most about Grandma Rose?'] });
    expect(second.json()).toEqual({ question: 'What did Brighton look, sound or smell like back then?' });
  });

  it('never asks back the prompt a story was tapped from, which is its title too', async () => {
    const prompt = 'What do you remember most about Grandma Rose?';
    const response = await ask({ memoryContent, previousQuestions: [], title: prompt, prompt: `  ${prompt.toLowerCase()} ` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ question: 'What did Brighton look, sound or smell like back then?' });
  });

  it('asks a general question about an empty memory', async () => {
    const response = await ask({ memoryContent: '', previousQuestions: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json().question).toMatch(/^[A-Z].+\?$/);
  });

  it('asks about the title and the prompt of a story told by voice, never one already asked', async () => {
    const story = { memoryContent: '', title: 'The day we moved', prompt: 'What was your first home like?' };
    const first = await ask({ ...story, previousQuestions: [] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ question: 'What is the first thing you picture when you think of “The day we moved”?' });
    const second = await ask({ ...story, previousQuestions: [first.json().question] });
    expect(second.json()).toEqual({ question: 'You chose this story for “What was your first home like?”: what made it the one that came to mind?' });
  });

  it('answers a warm general question when memoryContent, title and prompt are all empty', async () => {
    const response = await ask({ memoryContent: '', previousQuestions: [], title: '  ', prompt: '' });
    expect(response.statusCode).toBe(200);
    expect(generalQuestions).toContain(response.json().question);
  });

  it.each([
    ['a title over 500 characters', { memoryContent: '', previousQuestions: [], title: 't'.repeat(501) }, 'title must be text of at most 500 characters'],
    ['a prompt that is not text', { memoryContent: '', previousQuestions: [], prompt: 7 }, 'prompt must be text of at most 500 characters'],
    ['memoryContent over 20 000 characters', { memoryContent: 'a'.repeat(20_001), previousQuestions: [] }, 'memoryContent must be at most 20000 characters'],
    ['more than 50 previous questions', { memoryContent, previousQuestions: Array.from({ length: 51 }, (_, i) => `Question ${i}?`) }, 'previousQuestions may hold at most 50 questions'],
    ['memoryContent that is not text', { memoryContent: 42, previousQuestions: [] }, 'memoryContent must be text'],
  ])('refuses %s with 400', async (_, payload, message) => {
    const response = await ask(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message });
  });

  it('answers 401 to a signed-out caller', async () => {
    const response = await ask({ memoryContent, previousQuestions: [] }, {});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Please sign in to continue' });
  });
});
