import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { streamedRecordingForm, wavRecording, webmRecording } from '../audio/test-recordings.js';
import type { EventMap } from '../events.js';
import { formBody, type FormPart } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { commentAudioMediaRows, commentRowsOf, contentPart, storedCommentAudio, voicePart } from './test-support.js';

const memoryNotFound = { message: messages.memoryNotFound };

describe.each(dialects)('comments on %s', (dialect) => {
  let t: TestApp;
  /** `creator`'s memory, on a timeline with `shared` and `member`, shared with `shared` only. */
  let creator: MadeUser, shared: MadeUser, member: MadeUser, stranger: MadeUser;
  let memory: { id: string };
  const created: EventMap['comment.created'][] = [];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [creator, shared, member, stranger] = (await Promise.all([1, 2, 3, 4].map(() => makeUser(t.ctx)))) as [MadeUser, MadeUser, MadeUser, MadeUser];
    const timeline = await makeTimeline(t.ctx, creator.user, { members: [shared.user, member.user] });
    memory = await makeMemory(t.ctx, creator.user, { timelineIds: [timeline.id], sharedWith: [shared.user] });
    t.ctx.events.on('comment.created', async (event) => {
      created.push(event);
    });
  });
  afterAll(() => t.close());
  beforeEach(() => {
    created.length = 0;
  });

  const post = async (memoryId: string, parts: FormPart[], who?: MadeUser) => {
    const form = await formBody(parts);
    return t.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/comments`, payload: form.payload, headers: { ...form.headers, ...(who ? { cookie: who.cookie } : {}) } });
  };
  const call = (method: 'GET' | 'DELETE', url: string, who?: MadeUser) => t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });
  const member_ = (who: MadeUser) => ({ id: who.user.id, displayName: 'Test Person', firstName: null, lastName: null, email: who.user.email, profileImageUrl: null, isStoryteller: false });

  describe('POST /api/memories/:id/comments (memories §6: any viewer may comment)', () => {
    it('lets the creator add a text comment: 201 with the comment, its author and canDelete; comment.created raised', async () => {
      const response = await post(memory.id, [contentPart('  What a day that was!\n')], creator);
      expect(response.statusCode).toBe(201);
      const comment = response.json();
      expect(comment).toEqual({
        id: expect.any(String),
        memoryId: memory.id,
        userId: creator.user.id,
        content: 'What a day that was!',
        transcription: null,
        transcriptionStatus: 'none',
        audioUrl: null,
        createdAt: expect.any(String),
        user: member_(creator),
        abilities: { canDelete: true },
      });
      const [row] = (await commentRowsOf(t, memory.id)).filter((r) => r.id === comment.id);
      expect(row).toMatchObject({ user_id: creator.user.id, content: 'What a day that was!', audio_key: null, transcription: null });
      expect(created).toEqual([{ commentId: comment.id, memoryId: memory.id, authorId: creator.user.id, at: comment.createdAt }]);
    });

    it('lets a viewer it is shared with add a voice comment: stored under comment-audio with a comment_audio media row, readable at its audioUrl', async () => {
      const webm = webmRecording();
      const response = await post(memory.id, [voicePart(webm)], shared);
      expect(response.statusCode).toBe(201);
      const comment = response.json();
      expect(comment).toMatchObject({ userId: shared.user.id, content: null, transcription: null, user: member_(shared), abilities: { canDelete: true } });
      expect(comment.audioUrl).toMatch(/^\/uploads\/comment-audio\/[0-9a-f-]{36}\.webm$/);
      const key = comment.audioUrl.slice('/uploads/'.length);
      expect(storedCommentAudio(t)).toContain(key);
      expect(await commentAudioMediaRows(t)).toContainEqual({ storage_key: key, memory_id: memory.id, owner_id: shared.user.id, mime_type: 'audio/webm', size: webm.length });

      for (const who of [creator, shared]) {
        const bytes = await call('GET', comment.audioUrl, who);
        expect(bytes.statusCode).toBe(200);
        expect(bytes.rawPayload.equals(webm)).toBe(true);
      }
      for (const who of [member, stranger, undefined]) expect((await call('GET', comment.audioUrl, who)).statusCode).toBe(404);
    });

    it('takes text and a recording together', async () => {
      const response = await post(memory.id, [contentPart('Listen to this'), voicePart(wavRecording(), 'x.wav', 'audio/wav')], creator);
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({ content: 'Listen to this', audioUrl: expect.stringMatching(/^\/uploads\/comment-audio\/.+\.wav$/) });
    });

    it.each([
      ['a member of its timeline it is not shared with', () => member],
      ['a stranger', () => stranger],
    ])('refuses %s with 404 and stores nothing', async (_, who) => {
      const rows = await commentRowsOf(t, memory.id);
      const files = storedCommentAudio(t);
      const response = await post(memory.id, [contentPart('Hello'), voicePart(webmRecording())], who());
      expect([response.statusCode, response.json()]).toEqual([404, memoryNotFound]);
      expect(await commentRowsOf(t, memory.id)).toEqual(rows);
      expect(storedCommentAudio(t)).toEqual(files);
      expect(created).toEqual([]);
    });

    it('refuses a stranger before reading the body: 404, not 413, for a 51 MB recording', async () => {
      const files = storedCommentAudio(t);
      const form = streamedRecordingForm(wavRecording(), 51 * 1024 * 1024);
      const response = await t.app.inject({ method: 'POST', url: `/api/memories/${memory.id}/comments`, payload: form.payload, headers: { ...form.headers, cookie: stranger.cookie } });
      expect([response.statusCode, response.json()]).toEqual([404, memoryNotFound]);
      expect(storedCommentAudio(t)).toEqual(files);
    });

    it('answers 404 for a memory that does not exist, and 401 signed out', async () => {
      const missing = await post('00000000-0000-4000-8000-000000000000', [contentPart('Hello')], creator);
      expect([missing.statusCode, missing.json()]).toEqual([404, memoryNotFound]);
      const signedOut = await post(memory.id, [contentPart('Hello')]);
      expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: messages.signedOut }]);
    });

    it.each([
      ['no fields at all', [] as FormPart[]],
      ['blank content', [contentPart(' \n\t ')]],
      ['an empty content field', [contentPart('')]],
    ])("refuses %s with 400 'Please write something or record a voice message.' and stores nothing", async (_, parts) => {
      const rows = await commentRowsOf(t, memory.id);
      const response = await post(memory.id, parts, shared);
      expect([response.statusCode, response.json()]).toEqual([400, { message: 'Please write something or record a voice message.' }]);
      expect(await commentRowsOf(t, memory.id)).toEqual(rows);
      expect(created).toEqual([]);
    });

    it('refuses a comment longer than 10 000 characters with 400', async () => {
      const rows = await commentRowsOf(t, memory.id);
      // Just past the limit (the service counts), and far past it (the multipart reader cuts the field).
      for (const content of ['a'.repeat(10_001), 'a'.repeat(50_000)]) {
        const response = await post(memory.id, [contentPart(content)], shared);
        expect([response.statusCode, response.json()]).toEqual([400, { message: 'A comment must be at most 10000 characters' }]);
      }
      expect(await commentRowsOf(t, memory.id)).toEqual(rows);
      // Characters as a reader counts them: 10 000 emoji are 10 000 characters.
      const emoji = await post(memory.id, [contentPart('🌻'.repeat(10_000))], shared);
      expect(emoji.statusCode).toBe(201);
      await call('DELETE', `/api/comments/${emoji.json().id}`, shared);
    });

    it('refuses a body that is not multipart with 400', async () => {
      const response = await t.app.inject({ method: 'POST', url: `/api/memories/${memory.id}/comments`, payload: { content: 'Hello' }, headers: { cookie: shared.cookie } });
      expect([response.statusCode, response.json()]).toEqual([400, { message: messages.commentFormNotMultipart }]);
    });

    it('refuses a text file sent as a recording with 400, leaving no file and no row', async () => {
      const rows = await commentRowsOf(t, memory.id);
      const files = storedCommentAudio(t);
      const response = await post(memory.id, [contentPart('Hello'), voicePart(Buffer.from('Dear diary, we went to Brighton.\n'.repeat(100)))], shared);
      expect([response.statusCode, response.json()]).toEqual([400, { message: 'Please send an audio recording (WebM, Ogg, MP4/M4A, MP3 or WAV)' }]);
      expect(await commentRowsOf(t, memory.id)).toEqual(rows);
      expect(storedCommentAudio(t)).toEqual(files);
    });

    it('refuses an empty recording with 400, leaving no file and no row', async () => {
      const rows = await commentRowsOf(t, memory.id);
      const files = storedCommentAudio(t);
      const response = await post(memory.id, [voicePart(Buffer.alloc(0))], shared);
      expect([response.statusCode, response.json()]).toEqual([400, { message: messages.audioTypeRefused }]);
      expect(await commentRowsOf(t, memory.id)).toEqual(rows);
      expect(storedCommentAudio(t)).toEqual(files);
    });

    it('refuses a second recording and a file in another field with 400, keeping neither', async () => {
      const rows = await commentRowsOf(t, memory.id);
      const files = storedCommentAudio(t);
      const two = await post(memory.id, [voicePart(webmRecording()), voicePart(webmRecording())], shared);
      expect([two.statusCode, two.json()]).toEqual([400, { message: messages.audioOneOnly }]);
      const other = await post(memory.id, [{ name: 'image', filename: 'a.webm', type: 'audio/webm', data: webmRecording() }], shared);
      expect([other.statusCode, other.json()]).toEqual([400, { message: messages.commentFileFieldRefused }]);
      expect(await commentRowsOf(t, memory.id)).toEqual(rows);
      expect(storedCommentAudio(t)).toEqual(files);
    });

    it('refuses a 51 MB recording with 413, leaving no file and no row', async () => {
      const rows = await commentRowsOf(t, memory.id);
      const files = storedCommentAudio(t);
      const form = streamedRecordingForm(wavRecording(), 51 * 1024 * 1024);
      const response = await t.app.inject({ method: 'POST', url: `/api/memories/${memory.id}/comments`, payload: form.payload, headers: { ...form.headers, cookie: shared.cookie } });
      expect([response.statusCode, response.json()]).toEqual([413, { message: 'Audio recordings must be 50 MB or smaller' }]);
      expect(await commentRowsOf(t, memory.id)).toEqual(rows);
      expect(storedCommentAudio(t)).toEqual(files);
    });

    it('keeps nothing, recording included, when the transaction fails (a comment.created listener throws)', async () => {
      const other = await makeTestApp(dialect);
      try {
        const author = await makeUser(other.ctx);
        const own = await makeMemory(other.ctx, author.user);
        other.ctx.events.on('comment.created', async () => {
          throw new Error('listener failed');
        });
        const form = await formBody([contentPart('Hello'), voicePart(webmRecording())]);
        const response = await other.app.inject({ method: 'POST', url: `/api/memories/${own.id}/comments`, payload: form.payload, headers: { ...form.headers, cookie: author.cookie } });
        expect(response.statusCode).toBe(500);
        expect(await commentRowsOf(other, own.id)).toEqual([]);
        expect(await commentAudioMediaRows(other)).toEqual([]);
        expect(storedCommentAudio(other)).toEqual([]);
      } finally {
        await other.close();
      }
    });
  });

  it('describes the three comment calls in /api/docs', async () => {
    const paths = (await t.app.inject({ method: 'GET', url: '/api/docs' })).json().paths;
    expect(Object.keys(paths['/api/memories/{id}/comments'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(paths['/api/comments/{id}'])).toContain('delete');
  });

  describe('GET /api/memories/:id/comments (viewers of the memory only)', () => {
    it.each([
      ['its creator', () => creator],
      ['a viewer it is shared with', () => shared],
    ])('shows %s every comment oldest first, each with its author, audioUrl and canDelete for their own only', async (_, who) => {
      const viewer = who();
      const response = await call('GET', `/api/memories/${memory.id}/comments`, viewer);
      expect(response.statusCode).toBe(200);
      const list = response.json() as { id: string; userId: string; createdAt: string; user: { id: string }; abilities: { canDelete: boolean } }[];
      const rows = await commentRowsOf(t, memory.id);
      expect(list.map((comment) => comment.id)).toEqual(rows.map((row) => row.id));
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.map((comment) => comment.createdAt)).toEqual([...list.map((comment) => comment.createdAt)].sort());
      for (const comment of list) {
        expect(comment.user.id).toBe(comment.userId);
        expect(comment.abilities).toEqual({ canDelete: comment.userId === viewer.user.id });
      }
    });

    it('orders by the time each comment was made', async () => {
      const own = await makeMemory(t.ctx, creator.user, { sharedWith: [shared.user] });
      const first = (await post(own.id, [contentPart('First')], shared)).json();
      t.advance(60_000);
      const second = (await post(own.id, [contentPart('Second')], creator)).json();
      const list = (await call('GET', `/api/memories/${own.id}/comments`, creator)).json();
      expect(list.map((comment: { id: string; content: string }) => [comment.id, comment.content])).toEqual([
        [first.id, 'First'],
        [second.id, 'Second'],
      ]);
    });

    it.each([
      ['a member of its timeline it is not shared with', () => member],
      ['a stranger', () => stranger],
    ])('refuses %s with 404', async (_, who) => {
      const response = await call('GET', `/api/memories/${memory.id}/comments`, who());
      expect([response.statusCode, response.json()]).toEqual([404, memoryNotFound]);
    });

    it('answers 401 signed out', async () => {
      const response = await call('GET', `/api/memories/${memory.id}/comments`);
      expect([response.statusCode, response.json()]).toEqual([401, { message: messages.signedOut }]);
    });
  });
});
