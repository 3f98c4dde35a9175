import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryPage } from '../../common/memories.js';
import { iso } from '../context.js';
import { dialects, makeTestApp, TEST_ORIGIN, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { timelinePage } from './browse-service.js';

// Nothing is kept between requests (issue 21 "Retire the answer cache"): every page and every
// session is read afresh, so each kind of change shows at once, made here or elsewhere.
describe.each(dialects)('timeline pages and sessions read afresh on every request on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

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

    it('sends the bytes the zod path made (z.encode, then JSON.stringify), as JSON, however often it is asked', async () => {
      const first = await page(viewer);
      const again = await page(viewer);
      expect(first.status).toBe(200);
      expect(first.type).toBe('application/json; charset=utf-8');
      expect(again.body).toBe(first.body);
      const fresh = await timelinePage(t.ctx, viewer.user, timeline.id, { limit: 5 });
      expect(first.body).toBe(JSON.stringify(z.encode(memoryPage, fresh)));
    });

    it('reads a page in three statements: the session, the access check, and the page with what its memories hold', async () => {
      const original = t.ctx.db;
      let statements = 0;
      // Every statement's result passes a plugin's transformResult, precompiled ones too.
      t.ctx.db = original.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => (statements++, args.result) });
      try {
        const answer = await page(viewer);
        expect(answer.status).toBe(200);
        expect(answer.json!.memories.map((memory) => memory.title)).toEqual(['Our wedding']);
      } finally {
        t.ctx.db = original;
      }
      expect(statements).toBe(3);
    });

    it('makes each viewer their own page: the creator sees their abilities, the viewer theirs', async () => {
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

    it('answers 401 to a session that has ended, though its page was asked a moment before', async () => {
      expect((await page(creator)).status).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: '/api/logout', headers: { cookie: creator.cookie } })).statusCode).toBeLessThan(400);
      expect((await page(creator)).status).toBe(401);
    });
  });

  describe('sessions', () => {
    const me = (who: MadeUser) => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: who.cookie } });

    it("shows the user's new name at once, though the session was read a moment before", async () => {
      const who = await makeUser(t.ctx, { displayName: 'Before' });
      expect((await me(who)).json().displayName).toBe('Before');
      await t.ctx.db.updateTable('users').set({ display_name: 'After' }).where('id', '=', who.user.id).execute();
      expect((await me(who)).json().displayName).toBe('After');
    });

    it('refuses at once a session ended on another instance (its row deleted there)', async () => {
      const who = await makeUser(t.ctx);
      expect((await me(who)).statusCode).toBe(200);
      await t.ctx.db.deleteFrom('sessions').where('user_id', '=', who.user.id).execute();
      expect((await me(who)).statusCode).toBe(401);
    });
  });
});

describe.each(dialects)('a session on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await makeTestApp(dialect);
  });
  afterAll(() => t.close());

  it('runs out on time though nothing was written since it was read', async () => {
    const who = await makeUser(t.ctx);
    const me = () => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: who.cookie } });
    expect((await me()).statusCode).toBe(200);
    const { expires_at: expiresAt } = await t.ctx.db.selectFrom('sessions').select('expires_at').where('user_id', '=', who.user.id).executeTakeFirstOrThrow();
    // Used again before then, it would have slid; not used, it ends at its expiry.
    t.advance(Date.parse(expiresAt) - Date.parse(iso(t.ctx.now())) + 1000);
    expect((await me()).statusCode).toBe(401);
  });
});
