import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { timelineMemoriesQuery } from './browse-queries.js';

describe.each(dialects)('browsing memories on %s', (dialect) => {
  let t: TestApp;
  /** On `timeline`: `creator`, `shared` (sees some of creator's memories) and `member` (sees none of them). */
  let creator: MadeUser, shared: MadeUser, member: MadeUser, stranger: MadeUser;
  let timeline: { id: string }, other: { id: string };
  /** The creator's memories on the timeline, newest first, and which `shared` may see. */
  const onTimeline: { id: string; createdAt: string; sharedWithShared: boolean }[] = [];

  async function memoryAt(who: MadeUser, createdAt: string, fields: Parameters<typeof makeMemory>[2] = {}) {
    const made = await makeMemory(t.ctx, who.user, fields);
    await t.ctx.db.updateTable('memories').set({ created_at: createdAt }).where('id', '=', made.id).execute();
    return made.id;
  }

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [creator, shared, member, stranger] = (await Promise.all([1, 2, 3, 4].map(() => makeUser(t.ctx)))) as [MadeUser, MadeUser, MadeUser, MadeUser];
    timeline = await makeTimeline(t.ctx, creator.user, { members: [shared.user, member.user] });
    other = await makeTimeline(t.ctx, creator.user, { members: [shared.user] });
    const dates = [
      '2024-05-01T23:30:00.000Z',
      '2024-05-01T10:00:00.000Z',
      '2024-05-01T10:00:00.000Z', // the same instant twice: the id breaks the tie
      '2024-03-15T08:00:00.000Z',
      '2023-12-31T22:00:00.000Z',
      '2023-01-02T00:00:00.000Z',
    ];
    for (const [index, createdAt] of dates.entries()) {
      const sharedWithShared = index % 2 === 0;
      const id = await memoryAt(creator, createdAt, { timelineIds: [timeline.id], sharedWith: sharedWithShared ? [shared.user] : [] });
      onTimeline.push({ id, createdAt, sharedWithShared });
    }
    onTimeline.sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1));
    // Not on the timeline, or not the creator's: never in the creator's answers below.
    await memoryAt(creator, '2024-04-01T00:00:00.000Z', { timelineIds: [other.id], sharedWith: [shared.user] });
    await memoryAt(member, '2024-04-02T00:00:00.000Z', { timelineIds: [timeline.id] });
  });
  afterAll(() => t.close());

  const get = (url: string, who?: MadeUser) => t.app.inject({ method: 'GET', url, headers: who ? { cookie: who.cookie } : {} });
  const ids = (list: { id: string }[]) => list.map((item) => item.id);
  const creatorSees = () => ids(onTimeline);
  const sharedSees = () => ids(onTimeline.filter((memory) => memory.sharedWithShared));

  describe('GET /api/timelines/{id}/memories', () => {
    it.each([
      ['its creator', () => creator, creatorSees],
      ['a member it is shared with', () => shared, sharedSees],
      ['a member it is not shared with', () => member, () => [] as string[]],
    ])('lists, newest first, only the memories on the timeline that %s may view', async (_, who, expected) => {
      const response = await get(`/api/timelines/${timeline.id}/memories`, who());
      expect(response.statusCode).toBe(200);
      const own = who() === member ? 1 : 0;
      expect(ids(response.json()).slice(0, response.json().length - own)).toEqual(expected());
      expect(response.json()).toHaveLength(expected().length + own);
    });

    it('presents each memory as the memory JSON with its abilities', async () => {
      const [first] = (await get(`/api/timelines/${timeline.id}/memories`, shared)).json();
      expect(first).toMatchObject({ id: sharedSees()[0], timelineIds: [timeline.id], userId: creator.user.id, abilities: { canEdit: false, canDelete: false, canShare: false } });
    });

    it('filters by start and end, both inclusive, in any offset', async () => {
      const response = await get(`/api/timelines/${timeline.id}/memories?start=${encodeURIComponent('2024-03-15T10:00:00+02:00')}&end=2024-05-01T10:00:00Z`, creator);
      expect(ids(response.json())).toEqual(ids(onTimeline.filter((m) => m.createdAt >= '2024-03-15T08:00:00.000Z' && m.createdAt <= '2024-05-01T10:00:00.000Z')));
      expect(response.json()).toHaveLength(3);
    });

    it('pages with limit and an opaque cursor, and the pages add up to the list', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await get(`/api/timelines/${timeline.id}/memories?limit=4${cursor ? `&cursor=${cursor}` : ''}`, creator);
        expect(response.statusCode).toBe(200);
        const page = response.json();
        expect(page.memories.length).toBeLessThanOrEqual(4);
        seen.push(...ids(page.memories));
        cursor = page.nextCursor;
        pages++;
      } while (cursor);
      expect(pages).toBe(2);
      expect(seen).toEqual(creatorSees());

      const exact = (await get(`/api/timelines/${timeline.id}/memories?limit=6`, creator)).json();
      expect([ids(exact.memories), exact.nextCursor]).toEqual([creatorSees(), null]);
      const filtered = (await get(`/api/timelines/${timeline.id}/memories?limit=1&end=2024-04-01T00:00:00Z`, shared)).json();
      expect(ids(filtered.memories)).toEqual([onTimeline.find((m) => m.sharedWithShared && m.createdAt < '2024-04-01')!.id]);
    });

    it.each([
      ['a bad cursor', 'limit=2&cursor=not-a-cursor', messages.cursorInvalid],
      ['a cursor of the wrong shape', `limit=2&cursor=${Buffer.from('[1,2]').toString('base64url')}`, messages.cursorInvalid],
      ['a limit of 0', 'limit=0', messages.pageLimitInvalid],
      ['a limit of 101', 'limit=101', messages.pageLimitInvalid],
      ['a limit in words', 'limit=ten', messages.pageLimitInvalid],
      ['a start that is no date', 'start=yesterday', messages.dateInvalid('start')],
      ['an end that is no date', 'end=2024-13-01', messages.dateInvalid('end')],
    ])('refuses %s with 400', async (_, query, message) => {
      const response = await get(`/api/timelines/${timeline.id}/memories?${query}`, creator);
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
    });

    it("answers 404 'Timeline not found' to a stranger and 401 signed out", async () => {
      for (const url of [`/api/timelines/${timeline.id}/memories`, `/api/timelines/${timeline.id}/memories?limit=5`]) {
        const hidden = await get(url, stranger);
        expect([hidden.statusCode, hidden.json()]).toEqual([404, { message: messages.timelineNotFound }]);
        const out = await get(url);
        expect([out.statusCode, out.json()]).toEqual([401, { message: messages.signedOut }]);
      }
    });

    if (dialect === 'sqlite') {
      it.each([
        ['the first page', undefined, /^(SCAN|SEARCH) memories USING INDEX memories_created_idx/],
        ['a later page', { createdAt: '2024-06-01T00:00:00.000Z', id: 'z' }, /^SEARCH memories USING INDEX memories_created_idx \(created_at<\?\)/],
      ])('reads %s by walking the date index and stops after it: no sort, no list of every shared memory', async (_, after, start) => {
        const page = timelineMemoriesQuery(t.ctx.db, shared.user.id, timeline.id, { limit: 2, after });
        expect(await page.execute()).toHaveLength(2);
        const compiled = page.compile();
        const plan = await t.ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
        const steps = plan.rows.map((row) => row.detail);
        expect(steps[0]).toMatch(start);
        // Every other step is a lookup by primary key of the row at hand: its viewer's share, or
        // (audience 'timeline') its timelines and the viewer's membership of each.
        const lookups = steps.slice(1).filter((step) => !/^CORRELATED SCALAR SUBQUERY \d+$/.test(step));
        expect(lookups.length).toBeGreaterThan(0);
        for (const step of lookups) {
          expect(step).toMatch(
            /^SEARCH (viewer_share|memory_timelines|filed|member) .*USING COVERING INDEX sqlite_autoindex_\w+ \(((memory_id|timeline_id)=\? AND (user_id|timeline_id)=\?|memory_id=\?)\)/,
          );
        }
      });
    }
  });

  describe('GET /api/timelines/{id}/memory-days', () => {
    it('answers the days of the memories the caller may view, in UTC by default', async () => {
      const response = await get(`/api/timelines/${timeline.id}/memory-days`, creator);
      expect([response.statusCode, response.json()]).toEqual([200, { days: ['2023-01-02', '2023-12-31', '2024-03-15', '2024-05-01'] }]);
      // Shared: the 1st, 3rd and 5th of the dates above; the member's own memory is not theirs to see.
      expect((await get(`/api/timelines/${timeline.id}/memory-days`, shared)).json()).toEqual({ days: ['2023-12-31', '2024-05-01'] });
      expect((await get(`/api/timelines/${timeline.id}/memory-days`, member)).json()).toEqual({ days: ['2024-04-02'] });
    });

    it('counts days in the IANA zone asked for', async () => {
      const tokyo = await get(`/api/timelines/${timeline.id}/memory-days?tz=Asia/Tokyo`, creator);
      expect(tokyo.json()).toEqual({ days: ['2023-01-02', '2024-01-01', '2024-03-15', '2024-05-01', '2024-05-02'] });
      const hawaii = await get(`/api/timelines/${timeline.id}/memory-days?tz=Pacific/Honolulu`, creator);
      expect(hawaii.json()).toEqual({ days: ['2023-01-01', '2023-12-31', '2024-03-14', '2024-05-01'] });
    });

    it('refuses an unknown zone with 400', async () => {
      const response = await get(`/api/timelines/${timeline.id}/memory-days?tz=Mars/Olympus`, creator);
      expect([response.statusCode, response.json()]).toEqual([400, { message: messages.timeZoneInvalid }]);
    });

    it("answers 404 'Timeline not found' to a stranger and 401 signed out", async () => {
      const hidden = await get(`/api/timelines/${timeline.id}/memory-days`, stranger);
      expect([hidden.statusCode, hidden.json()]).toEqual([404, { message: messages.timelineNotFound }]);
      const out = await get(`/api/timelines/${timeline.id}/memory-days`);
      expect([out.statusCode, out.json()]).toEqual([401, { message: messages.signedOut }]);
    });
  });

  describe('GET /api/memories/spotlight', () => {
    it('answers 204 to someone with no memory to see', async () => {
      const response = await get('/api/memories/spotlight', stranger);
      expect([response.statusCode, response.body]).toEqual([204, '']);
    });

    it('answers, at random, only memories the caller may view', async () => {
      const seen = new Set<string>();
      for (let i = 0; i < 40; i++) {
        const response = await get('/api/memories/spotlight', shared);
        expect(response.statusCode).toBe(200);
        seen.add(response.json().id);
      }
      const viewable = new Set(ids((await get('/api/memories', shared)).json()));
      expect(viewable.size).toBe(4);
      expect([...seen].every((id) => viewable.has(id))).toBe(true);
      expect(seen.size).toBeGreaterThan(1);
    });

    it('answers a private memory to its creator only', async () => {
      const loner = await makeUser(t.ctx);
      const id = await memoryAt(loner, '2022-02-02T00:00:00.000Z');
      expect((await get('/api/memories/spotlight', loner)).json()).toMatchObject({ id, abilities: { canEdit: true, canDelete: true, canShare: true } });
    });

    it('answers 401 signed out', async () => {
      const out = await get('/api/memories/spotlight');
      expect([out.statusCode, out.json()]).toEqual([401, { message: messages.signedOut }]);
    });
  });
});
