// Issue 19 "Memory and size": notes and transcription hold at most MEMORY_TEXT_MAX (50 000)
// characters each, on creation and on every kind of edit; a longer one is refused with the
// message that says so, and nothing of it is kept.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMORY_TEXT_MAX } from '../../common/limits.js';
import { messages } from '../../common/messages.js';
import { formBody } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { makeMemoryWithMedia, patchForm, patchJson, snapshot, strayFiles } from './edit-test-support.js';
import { memoryFields } from './test-support.js';

/** 50 001 characters, one past the ceiling. */
const tooLong = 'x'.repeat(50_001);
/** Exactly the ceiling, in a letter of two UTF-8 bytes: characters count, not bytes. */
const longest = 'é'.repeat(50_000);

describe.each(dialects)('the notes and transcription ceiling on %s', (dialect) => {
  let t: TestApp;
  let creator: MadeUser;
  let timelineId: string;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    creator = await makeUser(t.ctx);
    timelineId = (await makeTimeline(t.ctx, creator.user)).id;
  });
  afterAll(() => t.close());

  async function post(fields: { title: string; content?: string; transcription?: string }) {
    const { payload, headers } = await formBody(memoryFields({ ...fields, timelineIds: [timelineId] }));
    return t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: creator.cookie } });
  }
  const titled = (title: string) => t.ctx.db.selectFrom('memories').select(['content', 'transcription']).where('title', '=', title).execute();

  it('is 50,000 characters, and the message says so', () => {
    expect(MEMORY_TEXT_MAX).toBe(50_000);
    expect(messages.memoryTextTooLong).toBe('The notes and the transcription must each be at most 50,000 characters');
  });

  it.each([
    ['notes', { content: tooLong }],
    ['a transcription', { transcription: tooLong }],
  ])('refuses a new memory whose %s run to 50,001 characters, and saves nothing', async (what, fields) => {
    const title = `Too long: ${what}`;
    const response = await post({ title, ...fields });
    expect([response.statusCode, response.json()]).toEqual([400, { message: messages.memoryTextTooLong }]);
    expect(await titled(title)).toEqual([]);
    expect(await strayFiles(t)).toEqual([]);
  });

  it('keeps a new memory whose notes and transcription are 50,000 characters each, whole', async () => {
    const response = await post({ title: 'Just fits', content: longest, transcription: longest });
    expect(response.statusCode).toBe(201);
    expect(await titled('Just fits')).toEqual([{ content: longest, transcription: longest }]);
  });

  describe('on an edit', () => {
    const cases = [
      ['notes as JSON', (id: string) => patchJson(t, id, creator.cookie, { title: 'Changed', content: tooLong })],
      ['a transcription as JSON', (id: string) => patchJson(t, id, creator.cookie, { title: 'Changed', transcription: tooLong })],
      ['notes as a form', (id: string) => patchForm(t, id, creator.cookie, [{ name: 'title', value: 'Changed' }, { name: 'content', value: tooLong }])],
      ['a transcription as a form', (id: string) => patchForm(t, id, creator.cookie, [{ name: 'title', value: 'Changed' }, { name: 'transcription', value: tooLong }])],
    ] as const;

    it.each(cases)('refuses %s of 50,001 characters and changes nothing', async (_, patch) => {
      const memory = await makeMemoryWithMedia(t, creator, { timelineId });
      const before = await snapshot(t, memory.id);
      const response = await patch(memory.id);
      expect([response.statusCode, response.json()]).toEqual([400, { message: messages.memoryTextTooLong }]);
      expect(await snapshot(t, memory.id)).toEqual(before);
      expect(await strayFiles(t)).toEqual([]);
    });

    it('takes notes and a transcription of 50,000 characters each, as JSON and as a form', async () => {
      const memory = await makeMemoryWithMedia(t, creator, { timelineId });
      const json = await patchJson(t, memory.id, creator.cookie, { title: 'Long as JSON', content: longest, transcription: longest });
      expect(json.statusCode).toBe(200);
      expect(await titled('Long as JSON')).toEqual([{ content: longest, transcription: longest }]);
      const form = await patchForm(t, memory.id, creator.cookie, [
        { name: 'title', value: 'Long as a form' },
        { name: 'content', value: longest.toUpperCase() },
        { name: 'transcription', value: longest.toUpperCase() },
      ]);
      expect(form.statusCode).toBe(200);
      expect(await titled('Long as a form')).toEqual([{ content: longest.toUpperCase(), transcription: longest.toUpperCase() }]);
    });
  });
});
