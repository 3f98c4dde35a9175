import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryPage } from '../../common/memories.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { timelinePage } from './browse-service.js';
import { PageCache } from './page-cache.js';

describe.each(dialects)('timeline pages kept between requests on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  describe('PageCache', () => {
    const maker = (body: string) => {
      const made = { calls: 0, make: async () => (made.calls++, Buffer.from(body)) };
      return made;
    };

    it('answers from what it kept until a write raises the content version, then makes the page again', async () => {
      const cache = new PageCache();
      const page = maker('first');
      expect((await cache.answer(t.ctx.db, 'a', page.make)).toString()).toBe('first');
      expect((await cache.answer(t.ctx.db, 'a', page.make)).toString()).toBe('first');
      expect(page.calls).toBe(1);

      const { user } = await makeUser(t.ctx);
      await t.ctx.db.updateTable('users').set({ display_name: 'Renamed' }).where('id', '=', user.id).execute();
      await cache.answer(t.ctx.db, 'a', page.make);
      expect(page.calls).toBe(2);
    });

    it('keeps nothing of a make that throws, so the next request asks again', async () => {
      const cache = new PageCache();
      await expect(cache.answer(t.ctx.db, 'gone', () => Promise.reject(new Error('no such timeline')))).rejects.toThrow('no such timeline');
      expect(cache.size).toEqual({ entries: 0, bytes: 0 });
      const page = maker('now there');
      expect((await cache.answer(t.ctx.db, 'gone', page.make)).toString()).toBe('now there');
      expect(page.calls).toBe(1);
    });

    it('stays within its bytes, letting the least recently used page go first', async () => {
      const cache = new PageCache(25);
      await cache.answer(t.ctx.db, 'a', maker('a'.repeat(10)).make);
      await cache.answer(t.ctx.db, 'b', maker('b'.repeat(10)).make);
      // 'a' used again, so 'b' is now the oldest.
      await cache.answer(t.ctx.db, 'a', maker('unused').make);
      await cache.answer(t.ctx.db, 'c', maker('c'.repeat(10)).make);
      expect(cache.size).toEqual({ entries: 2, bytes: 20 });
      const b = maker('b again');
      const a = maker('a again');
      await cache.answer(t.ctx.db, 'a', a.make);
      await cache.answer(t.ctx.db, 'b', b.make);
      expect([a.calls, b.calls]).toEqual([0, 1]);
      // A page larger than the whole cache is sent, never kept.
      expect((await cache.answer(t.ctx.db, 'huge', maker('h'.repeat(26)).make)).length).toBe(26);
      expect(cache.size.bytes).toBeLessThanOrEqual(25);
    });
  });

  describe('GET /api/timelines/{id}/memories?limit= answered again after each kind of change', () => {
    let creator: MadeUser, viewer: MadeUser;
    let timeline: { id: string };
    let memoryId: string;
    const page = async (who: MadeUser) => {
      const response = await t.app.inject({ method: 'GET', url: `/api/timelines/${timeline.id}/memories?limit=5`, headers: { cookie: who.cookie } });
      return { status: response.statusCode, type: response.headers['content-type'], body: response.body, json: response.statusCode === 200 ? memoryPage.parse(response.json()) : null };
    };
    const send = (who: MadeUser, method: 'PATCH' | 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url, headers: { cookie: who.cookie, origin: TEST_ORIGIN }, payload });

    beforeAll(async () => {
      creator = await makeUser(t.ctx, { displayName: 'Grandma Rose' });
      viewer = await makeUser(t.ctx);
      timeline = await makeTimeline(t.ctx, creator.user, { members: [viewer.user] });
      memoryId = (await makeMemory(t.ctx, creator.user, { title: 'Our wedding', timelineIds: [timeline.id], sharedWith: [viewer.user] })).id;
    });

    it('sends the same bytes as a page made afresh, as JSON, however often it is asked', async () => {
      const first = await page(viewer);
      const again = await page(viewer);
      expect(first.status).toBe(200);
      expect(first.type).toBe('application/json; charset=utf-8');
      expect(again.body).toBe(first.body);
      const fresh = await timelinePage(t.ctx, viewer.user, timeline.id, { limit: 5 });
      expect(first.body).toBe(JSON.stringify(z.encode(memoryPage, fresh)));
    });

    it('keeps one page per viewer: the creator sees their abilities, the viewer theirs', async () => {
      const [mine, theirs] = [await page(creator), await page(viewer)];
      expect(mine.json!.memories[0]!.abilities).toEqual({ canEdit: true, canDelete: true, canShare: true });
      expect(theirs.json!.memories[0]!.abilities).toEqual({ canEdit: false, canDelete: false, canShare: false });
    });

    it('shows an edited title at once', async () => {
      await page(viewer);
      expect((await send(creator, 'PATCH', `/api/memories/${memoryId}`, { title: 'Our wedding day' })).statusCode).toBe(200);
      expect((await page(viewer)).json!.memories.map((memory) => memory.title)).toEqual(['Our wedding day']);
    });

    it("shows the creator's new name at once", async () => {
      await page(viewer);
      expect((await send(creator, 'PATCH', '/api/user', { displayName: 'Nana Rose' })).statusCode).toBe(200);
      expect((await page(viewer)).json!.memories[0]!.creator.displayName).toBe('Nana Rose');
    });

    it('shows a memory filed a moment ago', async () => {
      await page(viewer);
      const added = await makeMemory(t.ctx, creator.user, { title: 'The first house', timelineIds: [timeline.id], sharedWith: [viewer.user] });
      expect((await page(viewer)).json!.memories.map((memory) => memory.id)).toContain(added.id);
    });

    it('shows a change written by another instance or by hand, which no service of this one saw', async () => {
      await page(viewer);
      await t.ctx.db.updateTable('memories').set({ content: 'Written elsewhere' }).where('id', '=', memoryId).execute();
      const shown = (await page(viewer)).json!.memories.find((memory) => memory.id === memoryId);
      expect(shown?.content).toBe('Written elsewhere');
    });

    it('stops showing a memory to a viewer it is no longer shared with', async () => {
      expect((await page(viewer)).json!.memories.map((memory) => memory.id)).toContain(memoryId);
      expect((await send(creator, 'POST', `/api/memories/${memoryId}/share`, { userIds: [] })).statusCode).toBe(200);
      expect((await page(viewer)).json!.memories.map((memory) => memory.id)).not.toContain(memoryId);
    });

    it('answers 404 at once to a member taken off the timeline', async () => {
      expect((await page(viewer)).status).toBe(200);
      expect((await send(creator, 'DELETE', `/api/timelines/${timeline.id}/members/${viewer.user.id}`)).statusCode).toBe(200);
      expect((await page(viewer)).status).toBe(404);
    });

    it('answers 401 to a session that has ended, though its page was kept', async () => {
      expect((await page(creator)).status).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: creator.cookie } })).statusCode).toBeLessThan(400);
      expect((await page(creator)).status).toBe(401);
    });
  });
});
