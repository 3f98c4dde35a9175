// PATCH /api/memories/{id} (memories §5 "Editing an existing memory", §7): the fields, who
// may edit, and refusals that change nothing.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { imageOf } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { jsonField, makeMemoryWithMedia, patchForm, patchJson, snapshot, strayFiles } from './edit-test-support.js';
import { imageFile } from './test-support.js';

describe.each(dialects)('PATCH /api/memories/{id} on %s', (dialect) => {
  let t: TestApp;
  let creator: MadeUser, shared: MadeUser, member: MadeUser, stranger: MadeUser;
  let timelineId: string;
  const realNow = () => new Date();
  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [creator, shared, member, stranger] = (await Promise.all([1, 2, 3, 4].map(() => makeUser(t.ctx)))) as [MadeUser, MadeUser, MadeUser, MadeUser];
    timelineId = (await makeTimeline(t.ctx, creator.user, { members: [shared.user, member.user] })).id;
  });
  afterEach(() => {
    t.ctx.now = realNow;
  });
  afterAll(() => t.close());

  const newMemory = (images = 1) => makeMemoryWithMedia(t, creator, { timelineId, sharedWith: [shared.user.id], images });
  const expectUnchanged = async (memory: Memory, before: Awaited<ReturnType<typeof snapshot>>) => {
    expect(await snapshot(t, memory.id)).toEqual(before);
    expect(await strayFiles(t)).toEqual([]);
  };

  it('changes title, notes, transcription, tags and date as JSON, moves updatedAt and answers the memory', async () => {
    const memory = await newMemory();
    t.ctx.now = () => new Date(Date.now() + 60_000);
    const response = await patchJson(t, memory.id, creator.cookie, {
      title: '  Winter at the lake ',
      content: 'We skated.',
      transcription: 'We skated all day',
      tags: [' family ', 'lake', 'family', '   ', 'Lake'],
      createdAt: '1987-02-14T10:30:00+01:00',
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toEqual({
      ...memory,
      title: 'Winter at the lake',
      content: 'We skated.',
      transcription: 'We skated all day',
      // Words a person wrote are theirs: no job overwrites them.
      transcriptionStatus: 'done',
      tags: ['Lake', 'family', 'lake'].sort(),
      createdAt: '1987-02-14T09:30:00.000Z',
      updatedAt: expect.any(String),
    });
    expect(Date.parse(body.updatedAt)).toBeGreaterThan(Date.parse(memory.updatedAt));
    const row = await t.ctx.db.selectFrom('memories').selectAll().where('id', '=', memory.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ title: 'Winter at the lake', content: 'We skated.', transcription: 'We skated all day', created_at: '1987-02-14T09:30:00.000Z', updated_at: body.updatedAt });
    const tags = await t.ctx.db.selectFrom('memory_tags').select('tag').where('memory_id', '=', memory.id).orderBy('tag').execute();
    expect(tags.map((tag) => tag.tag)).toEqual(['Lake', 'family', 'lake'].sort());
    // The same answer as a fresh read.
    expect((await t.app.inject({ method: 'GET', url: `/api/memories/${memory.id}`, headers: { cookie: creator.cookie } })).json()).toEqual(body);
  });

  it('leaves out fields it was not sent, and an empty tag list clears the tags', async () => {
    const memory = await newMemory(0);
    expect((await patchJson(t, memory.id, creator.cookie, { tags: ['one', 'two'] })).json().tags).toEqual(['one', 'two']);
    const response = await patchJson(t, memory.id, creator.cookie, { tags: [] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ title: memory.title, content: memory.content, createdAt: memory.createdAt, tags: [] });
  });

  describe('who may edit (memories §6: the creator only)', () => {
    it.each<[string, () => MadeUser | undefined, number, string]>([
      ['a member it is shared with', () => shared, 403, messages.memoryCreatorOnly],
      ['a member of its timeline it is not shared with', () => member, 404, messages.memoryNotFound],
      ['a stranger', () => stranger, 404, messages.memoryNotFound],
      ['a signed-out caller', () => undefined, 401, messages.signedOut],
    ])('refuses %s with %i, as JSON and as a form with a photo, changing nothing and storing no file', async (_, who, status, message) => {
      const memory = await newMemory();
      const before = await snapshot(t, memory.id);
      const json = await patchJson(t, memory.id, who()?.cookie, { title: 'Mine now', tags: ['x'] });
      expect([json.statusCode, json.json()]).toEqual([status, { message }]);
      const form = await patchForm(t, memory.id, who()?.cookie, [{ name: 'title', value: 'Mine now' }, imageFile(await imageOf('png'))]);
      expect([form.statusCode, form.json()]).toEqual([status, { message }]);
      await expectUnchanged(memory, before);
    });

    it('answers 404 for a memory that does not exist', async () => {
      const response = await patchJson(t, '6f1c1d8e-0000-4000-8000-000000000000', creator.cookie, { title: 'x' });
      expect([response.statusCode, response.json()]).toEqual([404, { message: messages.memoryNotFound }]);
    });
  });

  describe('refusals change nothing', () => {
    it.each([
      ['a blank title', { title: '   ' }, 'Memory title cannot be empty.'],
      ['a title that is not text', { title: null }, 'Memory title cannot be empty.'],
      ['a date that is not a date', { createdAt: 'last summer' }, messages.memoryDateInvalid],
      ['a date before 1900', { createdAt: '1899-12-31T09:59:59.999Z' }, messages.memoryDateTooEarly],
      ['a date after today', { createdAt: '2999-01-01T00:00:00.000Z' }, messages.memoryDateInFuture],
      ['tags that are not a list of text', { tags: 'family' }, messages.memoryTagsInvalid],
      ['a tag of 51 characters', { tags: ['x'.repeat(51)] }, messages.memoryTagTooLong],
      ['31 tags', { tags: Array.from({ length: 31 }, (_, index) => `tag ${index}`) }, messages.memoryTooManyTags],
      ['notes past the limit', { content: 'x'.repeat(50_001) }, messages.memoryTextTooLong],
    ])('refuses %s with 400 and its message', async (_, body, message) => {
      const memory = await newMemory();
      const before = await snapshot(t, memory.id);
      const response = await patchJson(t, memory.id, creator.cookie, { title: 'Changed', ...body });
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
      await expectUnchanged(memory, before);
    });

    it('refuses a JSON body that is not an object', async () => {
      const memory = await newMemory(0);
      const before = await snapshot(t, memory.id);
      const response = await patchJson(t, memory.id, creator.cookie, ['title', 'Changed']);
      expect([response.statusCode, response.json()]).toEqual([400, { message: messages.memoryEditBodyInvalid }]);
      await expectUnchanged(memory, before);
    });

    it('refuses a blank title sent as a form with a photo, storing no file', async () => {
      const memory = await newMemory();
      const before = await snapshot(t, memory.id);
      const response = await patchForm(t, memory.id, creator.cookie, [{ name: 'title', value: ' ' }, imageFile(await imageOf('png'))]);
      expect([response.statusCode, response.json()]).toEqual([400, { message: 'Memory title cannot be empty.' }]);
      await expectUnchanged(memory, before);
    });

    it('refuses a text field sent after a file, storing no file', async () => {
      const memory = await newMemory(0);
      const before = await snapshot(t, memory.id);
      const response = await patchForm(t, memory.id, creator.cookie, [imageFile(await imageOf('png')), jsonField('tags', ['late'])]);
      expect([response.statusCode, response.json()]).toEqual([400, { message: messages.formFieldsAfterFiles }]);
      await expectUnchanged(memory, before);
    });
  });

  describe("the date (memories §5, §9: from 1900 to today, today being the user's anywhere on Earth)", () => {
    // 12:00 UTC: it is already the 24th in UTC+14, whose day ends at 09:59:59.999 UTC on the 24th.
    const noon = new Date('2026-11-23T12:00:00.000Z');
    it.each([
      ['the end of today in UTC+14', '2026-11-24T23:59:59.999+14:00', 200],
      ['the first moment of tomorrow in UTC+14', '2026-11-25T00:00:00.000+14:00', 400],
      ['the first moment of 1900 in UTC+14', '1900-01-01T00:00:00.000+14:00', 200],
      ['a moment before that', '1899-12-31T09:59:59.999Z', 400],
    ])('%s is %i', async (_, createdAt, status) => {
      const memory = await newMemory(0);
      t.ctx.now = () => noon;
      const response = await patchJson(t, memory.id, creator.cookie, { createdAt });
      expect(response.statusCode).toBe(status);
      if (status === 200) expect(response.json().createdAt).toBe(new Date(createdAt).toISOString());
    });
  });
});
