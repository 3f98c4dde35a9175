// GET /api/memories/search (memories §5 "Search"; issue 10; DESIGN "API"): the rule's cases,
// who finds what, the day range in the caller's zone, the filters, order and refusals.
import { randomUUID } from 'node:crypto';
import { CompiledQuery, sql, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Memory } from '../../common/memories.js';
import { messages } from '../../common/messages.js';
import { formBody } from '../media/test-support.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { LIST_BATCH_ROWS } from '../db/keyset.js';
import { indexFindsMoreThan } from '../db/text-search.js';
import { indexedCandidateIds, indexedCandidateIdsQuery, indexedCandidatesInOrderQuery, indexFindsMoreThanCount, searchCandidatesQuery } from './queries.js';
import { WALK_ROWS } from './service.js';
import { idsEveryOtherWay, idsOf, makeSearchableMemory, searchAs, type SearchableMemory } from './test-support.js';

describe.each(dialects)('GET /api/memories/search on %s', (dialect) => {
  let t: TestApp;
  let owner: MadeUser, shared: MadeUser, member: MadeUser, stranger: MadeUser;
  let home: { id: string }, lake: { id: string }, notMine: { id: string };
  /** Every memory by name, with its date, for the expected answers. */
  const memories = new Map<string, { id: string; createdAt: string }>();
  const names = new Map<string, string>();

  async function add(name: string, who: MadeUser, fields: SearchableMemory) {
    const id = await makeSearchableMemory(t.ctx, who.user, fields);
    memories.set(name, { id, createdAt: fields.createdAt });
    names.set(id, name);
  }

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [owner, shared, member, stranger] = (await Promise.all([1, 2, 3, 4].map(() => makeUser(t.ctx)))) as [MadeUser, MadeUser, MadeUser, MadeUser];
    home = await makeTimeline(t.ctx, owner.user, { name: 'Home', members: [shared.user, member.user] });
    lake = await makeTimeline(t.ctx, owner.user, { name: 'Lake', members: [shared.user] });
    notMine = await makeTimeline(t.ctx, stranger.user, { name: 'Elsewhere' });
    const family = { timelineIds: [home.id], sharedWith: [shared.user] };

    await add('kitchen', owner, { ...family, title: "Grandmother's kitchen", content: 'Apple pie on Sundays', createdAt: '2024-05-03T10:00:00.000Z' });
    await add('lake', owner, {
      title: 'The summer by the lake',
      content: 'We swam every morning',
      transcription: 'Grandpa told the story of the pike',
      createdAt: '2024-04-20T12:00:00.000Z',
      timelineIds: [lake.id],
      sharedWith: [shared.user],
    });
    await add('granite', owner, { title: 'Granite quarry', createdAt: '2024-02-01T08:00:00.000Z', timelineIds: [home.id] });
    await add('cafe', owner, { ...family, title: 'Café on the corner', content: 'ÉTÉ à Paris', createdAt: '2023-07-14T09:00:00.000Z' });
    await add('snow', owner, { ...family, title: 'NEW YORK TRIP', transcription: 'Snow in December', createdAt: '2022-12-20T18:00:00.000Z' });
    await add('ox', owner, { ...family, title: 'An ox at the fair', createdAt: '2021-09-01T12:00:00.000Z' });
    await add('istanbul', owner, { ...family, title: 'İstanbul bazaar', content: 'Dried fruit from ABİ', createdAt: '2020-03-01T12:00:00.000Z' });
    await add('kelvin', owner, { ...family, title: '\u212aITE festival', createdAt: '2019-06-01T12:00:00.000Z' });
    await add('strasse', owner, { ...family, title: 'Straße in Berlin', createdAt: '2018-01-01T12:00:00.000Z' });
    await add('greek', owner, { ...family, title: 'ΟΔΟΣ', content: '50% off, under_score', createdAt: '2017-01-01T12:00:00.000Z' });
    await add('photo', owner, { ...family, title: 'Beach day, with a photo', createdAt: '2016-05-05T12:00:00.000Z', media: ['image', 'audio'] });
    await add('video', owner, { ...family, title: 'Beach day, on video', createdAt: '2016-05-04T12:00:00.000Z', media: ['video', 'video_thumbnail'] });
    // Europe/Paris is UTC+2 in May: its 1 May runs from 2024-04-30T22:00Z to 2024-05-01T21:59:59.999Z.
    await add('edgeBeforeStart', owner, { title: 'Edge of the day', createdAt: '2024-04-30T21:59:59.999Z', timelineIds: [home.id] });
    await add('edgeAtStart', owner, { title: 'Edge of the day', createdAt: '2024-04-30T22:00:00.000Z', timelineIds: [home.id] });
    await add('edgeLateOnEnd', owner, { title: 'Edge of the day', createdAt: '2024-05-01T21:30:00.000Z', timelineIds: [home.id] });
    await add('edgeAfterEnd', owner, { title: 'Edge of the day', createdAt: '2024-05-01T22:00:00.000Z', timelineIds: [home.id] });
    await add('twinA', owner, { ...family, title: 'Twin cake', createdAt: '2015-01-01T12:00:00.000Z' });
    await add('twinB', owner, { ...family, title: 'Twin cake', createdAt: '2015-01-01T12:00:00.000Z' });
    // Others' memories with the same words: never in the owner's answers.
    await add('membersOwn', member, { title: "Grandmother's garden", createdAt: '2024-03-01T12:00:00.000Z', timelineIds: [home.id] });
    await add('strangers', stranger, { title: "Grandmother's quilt", createdAt: '2024-03-02T12:00:00.000Z', timelineIds: [notMine.id] });
  });
  afterAll(() => t.close());

  /** The named memories, newest first, ties broken by id, as the answer orders them. */
  const newestFirst = (...wanted: string[]) =>
    wanted
      .map((name) => memories.get(name)!)
      .sort((a, b) => (a.createdAt === b.createdAt ? (a.id < b.id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1))
      .map((memory) => names.get(memory.id)!);
  /** The named memories the search finds, asked over HTTP, and every other way it can read them too (test-support.ts), which must agree. */
  async function found(query: Record<string, string>, who: MadeUser = owner): Promise<string[]> {
    const response = await searchAs(t.app, query, who);
    expect(response.statusCode, response.body).toBe(200);
    const ids = idsOf(response.json() as Memory[]);
    for (const [way, answer] of Object.entries(await idsEveryOtherWay(t.ctx, query, who))) expect(answer, way).toEqual(ids);
    return ids.map((id) => names.get(id) ?? id);
  }

  describe("the rule of memories §5, on the owner's memories", () => {
    it.each([
      ['a word is found inside a longer one ("gran" finds grandmother and grandpa)', 'gran', ['kitchen', 'lake', 'granite']],
      ['one-letter words are ignored', 'a gran x', ['kitchen', 'lake', 'granite']],
      ['case does not matter', 'GrAn', ['kitchen', 'lake', 'granite']],
      ['case does not matter in the memory either', 'new york', ['snow']],
      ['a word of the transcription', 'pike', ['lake']],
      ['a word of the notes', 'sundays', ['kitchen']],
      ['every word, each in any of the three texts', 'swam pike summer', ['lake']],
      ['every word must appear', 'apple lake', []],
      ['two-letter words count', 'ox', ['ox']],
      ['a two-letter word with a longer one', 'ox fair', ['ox']],
      ['accents are kept as typed: "cafe" is not "café"', 'cafe', []],
      ['an accented word finds itself', 'café', ['cafe']],
      ['an accented word in capitals', 'CAFÉ été', ['cafe']],
      ['ß is not ss', 'strasse', []],
      ['ß finds itself', 'straße', ['strasse']],
      ['a final sigma lower-cases as ς, as JavaScript does', 'οδος', ['greek']],
      ['and σ at the end is another letter', 'οδοσ', []],
      ["'İ' lower-cases to 'i' and a dot, so 'istanbul' is not in it", 'istanbul', []],
      ["but what follows the dot is", 'stanbul bazaar', ['istanbul']],
      ["and 'İ' finds itself", 'İSTANBUL', ['istanbul']],
      ["a word ending on the 'i' of an 'İ'", 'abi', ['istanbul']],
      ["two letters ending on the 'i' of an 'İ'", 'bi', ['istanbul']],
      ['the Kelvin sign lower-cases to k', 'kite', ['kelvin']],
      ['the Kelvin sign, two letters', 'ki', ['kitchen', 'kelvin']],
      ['% and _ are plain characters', '50% under_sc', ['greek']],
      ['% and _ in two-letter words', '0% r_', ['greek']],
      ['% is no wildcard', 'y%s', []],
      ['words longer than the index reach with short ones', 'twin ca', ['twinA', 'twinB']],
      ['nothing matches', 'zebra', []],
    ])('%s (%s)', async (_, q, expected) => {
      expect(await found({ q })).toEqual(newestFirst(...expected));
    });

    it('only one-letter words keep every memory it may view, as the rule does', async () => {
      const everything = [...memories.keys()].filter((name) => !['membersOwn', 'strangers'].includes(name));
      expect(await found({ q: 'a b' })).toEqual(newestFirst(...everything));
    });

    it('answers newest first, and the id orders memories of the same instant', async () => {
      expect(await found({ q: 'gran' })).toEqual(['kitchen', 'lake', 'granite']);
      const twins = [memories.get('twinA')!.id, memories.get('twinB')!.id].sort().reverse();
      expect((await searchAs(t.app, { q: 'twin' }, owner)).json().map((memory: Memory) => memory.id)).toEqual(twins);
    });

    it('presents each result as the memory JSON', async () => {
      const [memory] = (await searchAs(t.app, { q: 'pike' }, shared)).json() as Memory[];
      expect(memory).toMatchObject({
        id: memories.get('lake')!.id,
        title: 'The summer by the lake',
        transcription: 'Grandpa told the story of the pike',
        timelineIds: [lake.id],
        userId: owner.user.id,
        abilities: { canEdit: false, canDelete: false, canShare: false },
      });
    });
  });

  describe('the day range, in the zone tz', () => {
    it('takes start from 00:00 and end to 23:59:59.999 in Europe/Paris', async () => {
      const day = { q: 'edge', start: '2024-05-01', end: '2024-05-01', tz: 'Europe/Paris' };
      expect(await found(day)).toEqual(['edgeLateOnEnd', 'edgeAtStart']);
    });

    it('takes the days in UTC without tz', async () => {
      expect(await found({ q: 'edge', start: '2024-05-01', end: '2024-05-01' })).toEqual(['edgeAfterEnd', 'edgeLateOnEnd']);
      expect(await found({ q: 'edge', end: '2024-04-30' })).toEqual(['edgeAtStart', 'edgeBeforeStart']);
    });

    it('takes start alone or end alone', async () => {
      expect(await found({ q: 'edge', start: '2024-05-02', tz: 'Europe/Paris' })).toEqual(['edgeAfterEnd']);
      expect(await found({ q: 'edge', end: '2024-04-30', tz: 'Europe/Paris' })).toEqual(['edgeBeforeStart']);
    });

    it('takes a zone ahead of UTC by more than a day boundary (Pacific/Kiritimati, UTC+14)', async () => {
      // 2024-05-02 00:00 there is 2024-05-01T10:00Z.
      expect(await found({ q: 'edge', start: '2024-05-02', end: '2024-05-02', tz: 'Pacific/Kiritimati' })).toEqual(['edgeAfterEnd', 'edgeLateOnEnd']);
    });

    it('keeps everything between days at the calendar’s edges', async () => {
      expect(await found({ q: 'edge', start: '0000-01-01', end: '9999-12-31', tz: 'Pacific/Pago_Pago' })).toHaveLength(4);
    });
  });

  describe('the filters', () => {
    it('withImages keeps memories with at least one image, not a video or a recording', async () => {
      expect(await found({ q: 'beach day', withImages: 'true' })).toEqual(['photo']);
      expect(await found({ q: 'beach day', withImages: 'false' })).toEqual(['photo', 'video']);
    });

    it('timelineIds keeps memories filed on any of them', async () => {
      expect(await found({ q: 'gran', timelineIds: home.id })).toEqual(['kitchen', 'granite']);
      expect(await found({ q: 'gran', timelineIds: lake.id })).toEqual(['lake']);
      expect(await found({ q: 'gran', timelineIds: `${lake.id},${home.id}` })).toEqual(['kitchen', 'lake', 'granite']);
    });

    it('an unknown timeline, or one of someone else, simply matches nothing', async () => {
      expect(await found({ q: 'gran', timelineIds: 'no-such-timeline' })).toEqual([]);
      expect(await found({ q: 'gran', timelineIds: notMine.id })).toEqual([]);
      expect(await found({ q: 'gran', timelineIds: `no-such-timeline,${lake.id}` })).toEqual(['lake']);
    });

    it('combines the words, the range, images and timelines', async () => {
      expect(await found({ q: 'beach', start: '2016-05-05', end: '2016-05-05', withImages: 'true', timelineIds: home.id })).toEqual(['photo']);
      expect(await found({ q: 'beach', start: '2016-05-05', end: '2016-05-05', withImages: 'true', timelineIds: lake.id })).toEqual([]);
    });
  });

  describe('who finds what (DESIGN "Memory view")', () => {
    it('the owner finds their own memories, private ones too, and never those of others', async () => {
      expect(await found({ q: "grandmother's" })).toEqual(['kitchen']);
    });

    it('a viewer it is shared with finds only the memories shared with them', async () => {
      expect(await found({ q: 'gran' }, shared)).toEqual(['kitchen', 'lake']);
      expect(await found({ q: 'café' }, shared)).toEqual(['cafe']);
      expect(await found({ q: 'edge' }, shared)).toEqual([]);
    });

    it('a member of the timeline it is not shared with finds only their own', async () => {
      expect(await found({ q: 'gran' }, member)).toEqual(['membersOwn']);
      expect(await found({ q: 'gran', timelineIds: home.id }, member)).toEqual(['membersOwn']);
      expect(await found({ q: 'a b' }, member)).toEqual(['membersOwn']);
    });

    it('a stranger finds only their own', async () => {
      expect(await found({ q: 'gran' }, stranger)).toEqual(['strangers']);
      expect(await found({ q: 'pike' }, stranger)).toEqual([]);
    });

    it('answers 401 signed out', async () => {
      const response = await searchAs(t.app, { q: 'gran' });
      expect([response.statusCode, response.json()]).toEqual([401, { message: messages.signedOut }]);
    });
  });

  describe('bad input', () => {
    it.each([
      ['no q', {}, messages.searchTooShort],
      ['an empty q', { q: '' }, messages.searchTooShort],
      ['one character', { q: 'g' }, messages.searchTooShort],
      ['one character among spaces', { q: '  g  ' }, messages.searchTooShort],
      ['more than 200 characters', { q: 'x'.repeat(201) }, messages.searchTooLong],
      ['a start that is no day', { q: 'gran', start: '2024-5-1' }, messages.searchDayInvalid('start')],
      ['a start that does not exist', { q: 'gran', start: '2023-02-29' }, messages.searchDayInvalid('start')],
      ['an end with a time', { q: 'gran', end: '2024-05-01T10:00:00Z' }, messages.searchDayInvalid('end')],
      ['a start after the end', { q: 'gran', start: '2024-05-02', end: '2024-05-01' }, messages.searchRangeReversed],
      ['an unknown zone', { q: 'gran', tz: 'Mars/Olympus_Mons' }, messages.timeZoneInvalid],
      ['withImages in words', { q: 'gran', withImages: 'yes' }, messages.searchWithImagesInvalid],
      ['an empty timeline in the list', { q: 'gran', timelineIds: 'one,,two' }, messages.searchTimelineIdsInvalid],
      ['timeline ids with spaces', { q: 'gran', timelineIds: 'a b' }, messages.searchTimelineIdsInvalid],
    ])('refuses %s with 400 and the message', async (_, query, message) => {
      const response = await searchAs(t.app, query as Record<string, string>, owner);
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
    });

    it('takes 200 characters', async () => {
      expect((await searchAs(t.app, { q: 'x'.repeat(200) }, owner)).statusCode).toBe(200);
    });
  });

  describe('the index', () => {
    const filter = { words: ['grandmother', 'kitchen', 'ox'], withImages: false, timelineIds: [] };
    /** A page's cursor (db/keyset.ts): the ids after it carry every condition the query may. */
    const cursor = { createdAt: '2024-06-01T00:00:00.000Z', id: '6f1c1d8e-0000-4000-8000-000000000000' };
    const planOf = async (query: { compile(): CompiledQuery } | undefined) => {
      const compiled = query!.compile();
      const plan = await t.ctx.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]));
      return plan.rows.map((row) => row.detail);
    };

    if (dialect === 'sqlite') {
      it.each([
        ['from the newest', undefined, /^SEARCH memories USING INDEX sqlite_autoindex_memories_1 \(id=\?\)/],
        // Past the cursor is decided from the index beside each id, as a day range is (migration 0006).
        ['past a cursor', cursor, /^SEARCH memories USING INDEX memories_search_filter_idx \(id=\? AND created_at<\?\)/],
      ])('reads the ids %s through the FTS5 trigram match, then each memory by its key, never a scan of memories', async (_, after, byKey) => {
        const steps = await planOf(indexedCandidateIdsQuery(t.ctx.db, owner.user.id, filter, after));
        expect(steps).toContain('SCAN memory_search VIRTUAL TABLE INDEX 0:M3');
        expect(steps[0]).toMatch(byKey);
        expect(steps.filter((step) => /^SCAN memories\b/.test(step))).toEqual([]);
      });

      it.each([
        ['the walk', () => searchCandidatesQuery(t.ctx.db, owner.user.id, { ...filter, withImages: true }, { after: cursor, limit: 21 })],
        ['a page read in order against what the index finds', () => indexedCandidatesInOrderQuery(t.ctx.db, owner.user.id, { ...filter, withImages: true }, { after: cursor, limit: 21 })],
      ])('reads %s newest first through the index of dates, with no sort, so it stops once the page is full', async (_, query) => {
        const steps = await planOf(query());
        expect(steps[0]).toMatch(/^SCAN memories USING INDEX memories_created_idx|^SEARCH memories USING INDEX memories_created_idx \(created_at<\?\)/);
        expect(steps).not.toContain('USE TEMP B-TREE FOR ORDER BY');
      });

      it('counts what the index finds no further than it is asked to', async () => {
        const ids = [];
        for (const day of [1, 2, 3]) ids.push(await makeSearchableMemory(t.ctx, owner.user, { title: 'Zeppelin over the fields', createdAt: `2012-01-0${day}T00:00:00.000Z` }));
        try {
          expect(await indexFindsMoreThan(t.ctx.db, ['zeppelin'], 2)).toBe(true);
          expect(await indexFindsMoreThan(t.ctx.db, ['zeppelin'], 3)).toBe(false);
          expect(await indexFindsMoreThan(t.ctx.db, ['zeppelin', 'fields'], 2)).toBe(true);
          expect(await indexFindsMoreThan(t.ctx.db, ['zeppelin', 'meadow'], 0)).toBe(false);
          // Two letters: the trigrams that begin with them.
          expect(await indexFindsMoreThan(t.ctx.db, ['ze'], 2)).toBe(true);
          // Nothing the index can look for.
          expect(await indexFindsMoreThan(t.ctx.db, ['é'], 0)).toBe(false);
        } finally {
          await t.ctx.db.deleteFrom('memories').where('id', 'in', ids).execute();
        }
      });

      it('with images asked, counts only the finds with an image, and tests each find for one before reading its memory', async () => {
        const ids = [];
        for (const day of [1, 2, 3]) {
          const media = day === 1 ? (['image'] as const) : day === 2 ? (['video'] as const) : ([] as const);
          ids.push(await makeSearchableMemory(t.ctx, owner.user, { title: 'Zeppelin over the fields', createdAt: `2012-01-0${day}T00:00:00.000Z`, media: [...media] }));
        }
        try {
          const zeppelin = { words: ['zeppelin'], withImages: false, timelineIds: [] };
          expect(await indexFindsMoreThanCount(t.ctx.db, zeppelin, 2)).toBe(true);
          expect(await indexFindsMoreThanCount(t.ctx.db, { ...zeppelin, withImages: true }, 0)).toBe(true);
          expect(await indexFindsMoreThanCount(t.ctx.db, { ...zeppelin, withImages: true }, 1)).toBe(false);
          expect(await indexedCandidateIds(t.ctx.db, owner.user.id, { ...zeppelin, withImages: true })).toEqual([ids[0]]);
          // The image is looked up by each find's id inside the list of finds, which then leads to the memories.
          const steps = await planOf(indexedCandidateIdsQuery(t.ctx.db, owner.user.id, { ...filter, withImages: true }));
          const finds = steps.indexOf('SCAN memory_search VIRTUAL TABLE INDEX 0:M3');
          expect(steps[0]).toMatch(/^SEARCH memories USING INDEX sqlite_autoindex_memories_1 \(id=\?\)/);
          expect(steps[finds + 1], steps.join('\n')).toBe('SEARCH media EXISTS USING INDEX media_memory_idx (memory_id=?)');
        } finally {
          await t.ctx.db.deleteFrom('memories').where('id', 'in', ids).execute();
        }
      });

      it('looks for a two-letter word among the trigrams that begin with it, never reading the texts (migration 0013)', async () => {
        const steps = await planOf(indexedCandidateIdsQuery(t.ctx.db, owner.user.id, { ...filter, words: ['ox'] }));
        expect(steps).toContain('SCAN memory_search VIRTUAL TABLE INDEX 0:M3');
        expect(steps.some((step) => /^SCAN memory_search_terms VIRTUAL TABLE INDEX \d+:$/.test(step))).toBe(true);
        expect(steps.filter((step) => /^SCAN memories\b/.test(step))).toEqual([]);
      });

      it('decides a day range from the index beside each id, before reading the memory (migration 0006)', async () => {
        const ranged = { ...filter, start: '2020-01-01T00:00:00.000Z', end: '2020-12-31T23:59:59.999Z' };
        const steps = await planOf(indexedCandidateIdsQuery(t.ctx.db, owner.user.id, ranged, cursor));
        expect(steps[0]).toBe('SEARCH memories USING INDEX memories_search_filter_idx (id=? AND created_at>? AND created_at<?)');
      });
    }

    if (dialect === 'postgres') {
      it('is the pg_trgm GIN index on the very text the query asks for', async () => {
        const compiled = indexedCandidateIdsQuery(t.ctx.db, owner.user.id, filter)!.compile();
        // On a table this small the planner would rather read it whole: forbid that, so the plan shows whether the index can serve.
        const plan = await t.ctx.db.transaction().execute(async (trx) => {
          await sql`set local enable_seqscan = off`.execute(trx);
          await sql`set local enable_indexscan = off`.execute(trx);
          return trx.executeQuery<{ 'QUERY PLAN': string }>(CompiledQuery.raw(`explain ${compiled.sql}`, [...compiled.parameters]));
        });
        const steps = plan.rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(steps).toMatch(/Bitmap Index Scan on memories_search_idx/);
        expect(steps).not.toMatch(/Seq Scan on memories/);
      });
    }

    it('finds two letters wherever they stand: a title of two letters, the last two of a text, inside a word', async () => {
      const id = await makeSearchableMemory(t.ctx, owner.user, { title: 'Yo', content: 'Postcard from Oslo, signed qz', transcription: 'Uh', createdAt: '2014-01-01T12:00:00.000Z' });
      try {
        for (const q of ['yo', 'YO', 'qz', 'uh', 'Os', 'rd']) expect(await found({ q }), q).toContain(id);
        expect(await found({ q: 'zq' })).toEqual([]);
      } finally {
        await t.ctx.db.deleteFrom('memories').where('id', '=', id).execute();
      }
    });

    it('finds an accented Latin-1 letter whatever character JavaScript lowered it from (its capital, Ÿ, the Ångström sign)', async () => {
      const accented = /^[\u00e0-\u00f6\u00f8-\u00ff]$/;
      const sources: string[] = [];
      for (let code = 0; code <= 0x10ffff; code++) {
        if (code >= 0xd800 && code <= 0xdfff) continue;
        if (accented.test(String.fromCodePoint(code).toLowerCase())) sources.push(String.fromCodePoint(code));
      }
      expect(sources).toEqual(expect.arrayContaining(['É', 'é', '\u0178', '\u212b']));
      const ids = new Map<string, string>();
      for (const source of sources) ids.set(source, await makeSearchableMemory(t.ctx, owner.user, { title: `Zq${source}zq`, createdAt: '2012-01-01T12:00:00.000Z' }));
      try {
        for (const [source, id] of ids) {
          const lower = source.toLowerCase();
          expect(await found({ q: `zq${lower}zq` }), `${source} (U+${source.codePointAt(0)!.toString(16)})`).toContain(id);
          expect(await found({ q: `${lower}z` }), source).toContain(id);
        }
      } finally {
        await t.ctx.db.deleteFrom('memories').where('id', 'in', [...ids.values()]).execute();
      }
    });

    if (dialect === 'sqlite') {
      it('looks for an accented word whole, not for its plain letters alone', async () => {
        const { parameters } = indexedCandidateIdsQuery(t.ctx.db, owner.user.id, { ...filter, words: ['tálked'] })!.compile();
        expect(parameters).toContain('"tálked"');
      });
    }

    it('is asked once for a search, however many batches its memories take past the walk', async () => {
      const lanterns = Array.from({ length: WALK_ROWS + 2 * LIST_BATCH_ROWS + 5 }, (_, index) => ({
        id: randomUUID(),
        title: `Lantern ${index}`,
        content: '',
        transcription: '',
        user_id: owner.user.id,
        family_id: null,
        audio_key: null,
        created_at: new Date(Date.UTC(2013, 0, 1) + index * 60_000).toISOString(),
        updated_at: new Date(Date.UTC(2013, 0, 1)).toISOString(),
      }));
      await t.ctx.db.insertInto('memories').values(lanterns).execute();
      const original = t.ctx.db;
      const texts: string[] = [];
      const nodes = new WeakMap<QueryId, RootOperationNode>();
      t.ctx.db = original.withPlugin({
        transformQuery: (args) => (nodes.set(args.queryId, args.node), args.node),
        transformResult: async (args) => {
          const node = nodes.get(args.queryId);
          if (node) texts.push(original.getExecutor().compileQuery(node, args.queryId).sql);
          return args.result;
        },
      });
      try {
        const response = await searchAs(t.app, { q: 'lantern' }, owner);
        expect((response.json() as Memory[]).map((memory) => memory.id)).toEqual(lanterns.map((lantern) => lantern.id).reverse());
        const askedTheIndex = texts.filter((text) => (dialect === 'sqlite' ? / match /.test(text) : / like /.test(text)));
        expect(askedTheIndex).toHaveLength(1);
      } finally {
        t.ctx.db = original;
        await t.ctx.db.deleteFrom('memories').where('id', 'in', lanterns.map((lantern) => lantern.id)).execute();
      }
    });
  });

  describe('the index follows every write, in the same transaction', () => {
    const post = async (who: MadeUser, title: string, content: string) => {
      const { payload, headers } = await formBody([
        { name: 'title', value: title },
        { name: 'content', value: content },
        { name: 'timelineIds', value: JSON.stringify([home.id]) },
        { name: 'sharedWith', value: JSON.stringify([who.user.id, shared.user.id]) },
      ]);
      const response = await t.app.inject({ method: 'POST', url: '/api/memories', payload, headers: { ...headers, cookie: who.cookie } });
      expect(response.statusCode, response.body).toBe(201);
      return response.json() as Memory;
    };
    const patch = (who: MadeUser, id: string, body: Record<string, string>) =>
      t.app.inject({ method: 'PATCH', url: `/api/memories/${id}`, payload: body, headers: { cookie: who.cookie } });
    const ids = async (q: string, who: MadeUser = owner) => {
      const answer = idsOf((await searchAs(t.app, { q }, who)).json() as Memory[]);
      for (const [way, other] of Object.entries(await idsEveryOtherWay(t.ctx, { q }, who))) expect(other, way).toEqual(answer);
      return answer;
    };

    it('finds a memory once it is created, by its new words once edited, and no more once deleted', async () => {
      const memory = await post(owner, 'Harvest festival', 'The scarecrow contest');
      expect(await ids('scarecrow')).toEqual([memory.id]);
      expect(await ids('scarecrow', shared)).toEqual([memory.id]);

      expect((await patch(owner, memory.id, { title: 'Autumn fair', content: 'Pumpkin carving', transcription: 'Hayride at dusk' })).statusCode).toBe(200);
      expect(await ids('scarecrow')).toEqual([]);
      expect(await ids('harvest')).toEqual([]);
      for (const word of ['autumn', 'pumpkin', 'hayride']) expect(await ids(word)).toEqual([memory.id]);

      expect((await t.app.inject({ method: 'DELETE', url: `/api/memories/${memory.id}`, headers: { cookie: owner.cookie } })).statusCode).toBe(200);
      expect(await ids('pumpkin')).toEqual([]);
      // A new memory after a deletion takes its place in the index cleanly.
      const next = await post(owner, 'Pumpkin soup', 'Made with the last pumpkin');
      expect(await ids('pumpkin')).toEqual([next.id]);
    });

    it('a write that rolls back leaves the index as it was', async () => {
      await expect(
        t.ctx.db.transaction().execute(async (trx) => {
          await trx.updateTable('memories').set({ title: 'Rolled back words' }).where('id', '=', memories.get('ox')!.id).execute();
          throw new Error('abandoned');
        }),
      ).rejects.toThrow('abandoned');
      expect(await found({ q: 'rolled back' })).toEqual([]);
      expect(await found({ q: 'ox fair' })).toEqual(['ox']);
    });

    it('a memory deleted with its creator leaves the index', async () => {
      const leaving = await makeUser(t.ctx);
      const timeline = await makeTimeline(t.ctx, leaving.user, { members: [owner.user] });
      const id = await makeSearchableMemory(t.ctx, leaving.user, { title: 'Farewell picnic', createdAt: '2024-01-01T00:00:00.000Z', timelineIds: [timeline.id], sharedWith: [owner.user] });
      expect(await ids('farewell')).toEqual([id]);
      await t.ctx.db.deleteFrom('users').where('id', '=', leaving.user.id).execute();
      expect(await ids('farewell')).toEqual([]);
      const again = await post(owner, 'Farewell party', 'Another goodbye');
      expect(await ids('farewell')).toEqual([again.id]);
    });
  });
});
