import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { webmRecording } from '../audio/test-recordings.js';
import { formBody, type FormPart } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { commentAudioMediaRows, commentRowsOf, contentPart, voicePart } from './test-support.js';

const commentNotFound = { message: messages.commentNotFound };

describe.each(dialects)('deleting comments on %s', (dialect) => {
  let t: TestApp;
  /** `creator`'s memory, on a timeline with `shared` and `member`, shared with `shared` only. */
  let creator: MadeUser, shared: MadeUser, member: MadeUser, stranger: MadeUser;
  let memory: { id: string };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [creator, shared, member, stranger] = (await Promise.all([1, 2, 3, 4].map(() => makeUser(t.ctx)))) as [MadeUser, MadeUser, MadeUser, MadeUser];
    const timeline = await makeTimeline(t.ctx, creator.user, { members: [shared.user, member.user] });
    memory = await makeMemory(t.ctx, creator.user, { timelineIds: [timeline.id], sharedWith: [shared.user] });
  });
  afterAll(() => t.close());

  const post = async (memoryId: string, parts: FormPart[], who: MadeUser) => {
    const form = await formBody(parts);
    return t.app.inject({ method: 'POST', url: `/api/memories/${memoryId}/comments`, payload: form.payload, headers: { ...form.headers, cookie: who.cookie } });
  };
  const call = (method: 'GET' | 'DELETE', url: string, who?: MadeUser) => t.app.inject({ method, url, headers: who ? { cookie: who.cookie } : {} });

  describe('DELETE /api/comments/:id (memories §6: the comment author only)', () => {
    it("refuses the memory's creator with 403 for another's comment, a member it is not shared with and a stranger with 404, and the signed out with 401", async () => {
      const comment = (await post(memory.id, [contentPart('Mine to delete')], shared)).json();
      const byCreator = await call('DELETE', `/api/comments/${comment.id}`, creator);
      expect([byCreator.statusCode, byCreator.json()]).toEqual([403, { message: 'Only the author of a comment can delete it' }]);
      for (const who of [member, stranger]) {
        const response = await call('DELETE', `/api/comments/${comment.id}`, who);
        expect([response.statusCode, response.json()]).toEqual([404, commentNotFound]);
      }
      const signedOut = await call('DELETE', `/api/comments/${comment.id}`);
      expect([signedOut.statusCode, signedOut.json()]).toEqual([401, { message: messages.signedOut }]);
      expect((await commentRowsOf(t, memory.id)).map((row) => row.id)).toContain(comment.id);
    });

    it('lets the author delete their voice comment: the row, its media row and its file go', async () => {
      const comment = (await post(memory.id, [contentPart('Said and unsaid'), voicePart(webmRecording())], shared)).json();
      const key = comment.audioUrl.slice('/uploads/'.length);
      expect(await t.ctx.media.exists(key)).toBe(true);

      const response = await call('DELETE', `/api/comments/${comment.id}`, shared);
      expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
      expect((await commentRowsOf(t, memory.id)).map((row) => row.id)).not.toContain(comment.id);
      expect((await commentAudioMediaRows(t)).map((row) => row.storage_key)).not.toContain(key);
      expect(await t.ctx.media.exists(key)).toBe(false);
      expect((await call('GET', comment.audioUrl, shared)).statusCode).toBe(404);
      const again = await call('DELETE', `/api/comments/${comment.id}`, shared);
      expect([again.statusCode, again.json()]).toEqual([404, commentNotFound]);
    });

    it('lets the creator delete their own text comment', async () => {
      const comment = (await post(memory.id, [contentPart('Typo')], creator)).json();
      const response = await call('DELETE', `/api/comments/${comment.id}`, creator);
      expect([response.statusCode, response.json()]).toEqual([200, { success: true }]);
      expect((await commentRowsOf(t, memory.id)).map((row) => row.id)).not.toContain(comment.id);
    });

    it("goes with its memory: deleting the memory removes its comments and their recordings", async () => {
      const own = await makeMemory(t.ctx, creator.user, { sharedWith: [shared.user] });
      const comment = (await post(own.id, [voicePart(webmRecording())], shared)).json();
      const key = comment.audioUrl.slice('/uploads/'.length);
      expect((await call('DELETE', `/api/memories/${own.id}`, creator)).statusCode).toBe(200);
      expect(await commentRowsOf(t, own.id)).toEqual([]);
      expect((await commentAudioMediaRows(t)).map((row) => row.storage_key)).not.toContain(key);
      expect(await t.ctx.media.exists(key)).toBe(false);
    });

    it('answers 404 to an author who can no longer view the memory, and for a comment that does not exist', async () => {
      const own = await makeMemory(t.ctx, creator.user, { sharedWith: [shared.user] });
      const comment = (await post(own.id, [contentPart('Before')], shared)).json();
      await t.ctx.db.deleteFrom('memory_shares').where('memory_id', '=', own.id).where('user_id', '=', shared.user.id).execute();
      const unshared = await call('DELETE', `/api/comments/${comment.id}`, shared);
      expect([unshared.statusCode, unshared.json()]).toEqual([404, commentNotFound]);
      const missing = await call('DELETE', '/api/comments/00000000-0000-4000-8000-000000000000', shared);
      expect([missing.statusCode, missing.json()]).toEqual([404, commentNotFound]);
    });
  });
});
