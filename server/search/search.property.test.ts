// The search endpoint against the rule itself (issue 10 "Tests that must exist"): for random
// memories and random queries, GET /api/memories/search answers exactly what
// common/search.ts matchesSearch keeps, with the filters, from the caller's full visible list
// (GET /api/memories), in the same order; and so does every other way the search can read its
// candidates (the index alone, by lookups or in order; whole lists and pages). Texts come from a small alphabet of letters the
// databases fold differently from JavaScript (case, accents, 'ß', 'İ', the Kelvin sign, final
// sigma) and of LIKE's and FTS5's own characters, so that matches, near misses and quoting
// all happen.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../common/memories.js';
import { matchesSearch, searchWords } from '../../common/search.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { idsEveryOtherWay, makeSearchableMemory, searchAs } from './test-support.js';

const letters = [...'aAbBcCkKiIoO', '\u212a', '\u0130', 'é', 'É', 'e', 'ß', 'ẞ', 's', 'σ', 'Σ', 'ς', '%', '_', '"', '\\', '*'];
const text = (maxLength: number) => fc.array(fc.constantFrom(...letters, ' ', ' '), { maxLength }).map((chars) => chars.join(''));

const memoryFields = fc.record({
  title: text(14).filter((title) => title.trim().length > 0),
  content: text(20),
  transcription: text(20),
  byViewer: fc.boolean(),
  sharedWithViewer: fc.boolean(),
  onTimelines: fc.subarray([0, 1]),
  withImage: fc.boolean(),
  day: fc.integer({ min: 0, max: 30 }),
});

/** Queries mostly from the same letters; some cut out of a memory's text, so most runs find something. */
const search = fc.record({
  q: text(10).filter((q) => q.trim().length >= 2),
  withImages: fc.boolean(),
  timelines: fc.subarray([0, 1, 2]),
});

describe.each(dialects)('GET /api/memories/search equals the rule on %s', (dialect) => {
  let t: TestApp;
  let owner: MadeUser, viewer: MadeUser;
  let timelines: string[];

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [owner, viewer] = (await Promise.all([makeUser(t.ctx), makeUser(t.ctx)])) as [MadeUser, MadeUser];
    timelines = [
      (await makeTimeline(t.ctx, owner.user, { members: [viewer.user] })).id,
      (await makeTimeline(t.ctx, owner.user, { members: [viewer.user] })).id,
      // A timeline none of these memories is on, and one id that names no timeline.
      'no-such-timeline',
    ];
  });
  afterAll(() => t.close());

  it('for random memories and queries, the endpoint answers what the rule keeps of the full visible list', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(memoryFields, { maxLength: 8 }), fc.array(search, { minLength: 1, maxLength: 3 }), fc.nat(), async (memories, searches, cut) => {
        await t.ctx.db.deleteFrom('memories').execute();
        for (const memory of memories) {
          const creator = memory.byViewer ? viewer : owner;
          const other = memory.byViewer ? owner : viewer;
          await makeSearchableMemory(t.ctx, creator.user, {
            title: memory.title,
            content: memory.content,
            transcription: memory.transcription,
            createdAt: new Date(Date.UTC(2024, 0, 1 + memory.day)).toISOString(),
            timelineIds: memory.onTimelines.map((index) => timelines[index]!),
            sharedWith: memory.sharedWithViewer ? [other.user] : [],
            media: memory.withImage ? ['image'] : [],
          });
        }
        // One query cut out of a memory's title, as people type what they remember.
        const source = memories[cut % Math.max(memories.length, 1)]?.title ?? '';
        const start = cut % Math.max(source.length - 1, 1);
        const cutQuery = source.slice(start, start + 2 + (cut % 5));
        const queries = cutQuery.trim().length >= 2 ? [...searches, { q: cutQuery, withImages: false, timelines: [] }] : searches;

        for (const who of [owner, viewer]) {
          const visible = (await t.app.inject({ method: 'GET', url: '/api/memories', headers: { cookie: who.cookie } })).json() as Memory[];
          for (const query of queries) {
            const timelineIds = query.timelines.map((index) => timelines[index]!);
            const words = searchWords(query.q);
            const expected = visible
              .filter((memory) => matchesSearch(memory, words))
              .filter((memory) => !query.withImages || memory.images.length > 0)
              .filter((memory) => timelineIds.length === 0 || memory.timelineIds.some((id) => timelineIds.includes(id)))
              .map((memory) => memory.id);
            const params: Record<string, string> = { q: query.q, withImages: String(query.withImages) };
            if (timelineIds.length > 0) params.timelineIds = timelineIds.join(',');
            const response = await searchAs(t.app, params, who);
            expect(response.statusCode, response.body).toBe(200);
            expect((response.json() as Memory[]).map((memory) => memory.id), JSON.stringify(query)).toEqual(expected);
            // And every other way the search can read its candidates, whole and page by page (service.ts SearchWays).
            for (const [way, answer] of Object.entries(await idsEveryOtherWay(t.ctx, params, who))) expect(answer, `${JSON.stringify(query)}, ${way}`).toEqual(expected);
          }
        }
      }),
      { numRuns: 50 },
    );
  });
});
