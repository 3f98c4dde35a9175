// Issue 19 "Memory and size", big answers: GET /api/memories, search, the bulk preview, a
// memory's comments and a timeline's plain list are read a batch at a time and written as they
// are read (http/json-list.ts), answer the same plain arrays as before, and take `limit` and
// `cursor` (common/pages.ts; a timeline's pages keep their {memories, nextCursor} body).
import { randomUUID } from 'node:crypto';
import type { KyselyPlugin, QueryId, RootOperationNode } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../common/messages.js';
import { NEXT_CURSOR_HEADER } from '../../common/pages.js';
import { LIST_BATCH_ROWS } from '../db/keyset.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeTimeline, makeUser, type MadeUser } from '../test/factories.js';

/** Visible to the reader: more than two batches, and not a whole number of them. */
const VISIBLE = 2 * LIST_BATCH_ROWS + 50;
const BATCHES = Math.ceil(VISIBLE / LIST_BATCH_ROWS);

interface Row {
  id: string;
  created_at: string;
}
/** Newest first, ties by id, as every memory list is ordered. */
const newestFirst = (a: Row, b: Row) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1);
/** Three rows share each instant, so the id decides within it. */
const instantOf = (index: number) => new Date(Date.UTC(2024, 0, 1) + Math.floor(index / 3) * 60_000).toISOString();

describe.each(dialects)('the long lists on %s', (dialect) => {
  let t: TestApp;
  let owner: MadeUser, reader: MadeUser;
  /** The reader's visible memories, and the comments of the first, in the order the lists give them. */
  let memoryIds: string[], commentIds: string[];
  let discussed: string, timelineId: string;

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [owner, reader] = (await Promise.all([makeUser(t.ctx), makeUser(t.ctx)])) as [MadeUser, MadeUser];
    const memories = Array.from({ length: VISIBLE + 20 }, (_, index) => ({
      id: randomUUID(),
      title: `Evening ${index}`,
      content: 'a lantern by the window',
      transcription: '',
      user_id: owner.user.id,
      family_id: null,
      audio_key: null,
      created_at: instantOf(index),
      updated_at: instantOf(index),
    }));
    await t.ctx.db.insertInto('memories').values(memories).execute();
    // The last 20 are the owner's alone: no list of the reader's may show them.
    const shares = memories.flatMap((memory, index) => [
      { memory_id: memory.id, user_id: owner.user.id },
      ...(index < VISIBLE ? [{ memory_id: memory.id, user_id: reader.user.id }] : []),
    ]);
    await t.ctx.db.insertInto('memory_shares').values(shares).execute();
    memoryIds = memories.slice(0, VISIBLE).sort(newestFirst).map((memory) => memory.id);
    timelineId = (await makeTimeline(t.ctx, owner.user, { members: [reader.user] })).id;
    await t.ctx.db
      .insertInto('memory_timelines')
      .values(memories.map((memory) => ({ memory_id: memory.id, timeline_id: timelineId })))
      .execute();
    discussed = memories[0]!.id;

    const comments = Array.from({ length: VISIBLE }, (_, index) => ({
      id: randomUUID(),
      memory_id: discussed,
      user_id: index % 2 ? owner.user.id : reader.user.id,
      content: `Comment ${index}`,
      transcription: null,
      audio_key: null,
      created_at: instantOf(index),
    }));
    await t.ctx.db.insertInto('comments').values(comments).execute();
    // Oldest first, ties by id (memories §2: a conversation).
    commentIds = [...comments].sort((a, b) => -newestFirst(a, b)).map((comment) => comment.id);
  });
  afterAll(() => t.close());

  const lists = [
    { name: 'GET /api/memories', path: () => '/api/memories', table: 'memories', expected: () => memoryIds },
    // The rule decides each row search reads, so a page of it reads a batch whole (json-list.ts listReply).
    { name: 'search', path: () => '/api/memories/search?q=lantern', table: 'memories', expected: () => memoryIds, pageReadsBatch: true },
    {
      name: 'the bulk preview',
      path: () => '/api/bulk-download/memories?start=2023-01-01T00:00:00.000Z&end=2025-01-01T00:00:00.000Z',
      table: 'memories',
      expected: () => memoryIds,
    },
    { name: "a memory's comments", path: () => `/api/memories/${discussed}/comments`, table: 'comments', expected: () => commentIds },
    { name: "a timeline's memories", path: () => `/api/timelines/${timelineId}/memories`, table: 'memories', expected: () => memoryIds, pageInBody: true },
  ];

  const get = (path: string, extra = '') => {
    const url = extra ? `${path}${path.includes('?') ? '&' : '?'}${extra}` : path;
    return t.app.inject({ method: 'GET', url, headers: { cookie: reader.cookie } });
  };
  const idsOf = (body: { id: string }[]) => body.map((item) => item.id);

  /**
   * Watches the batch statements of a list (selects from `table` that end in a limit): their
   * limits in order; `onBatch` may hold or fail the n-th before its rows are handed back.
   */
  function watchBatches(table: string, onBatch?: (n: number) => Promise<void>) {
    const original = t.ctx.db;
    const nodes = new WeakMap<QueryId, RootOperationNode>();
    const limits: unknown[] = [];
    const batch = new RegExp(`^select .* from "${table}" .*limit (\\?|\\$\\d+)$`, 's');
    const plugin: KyselyPlugin = {
      transformQuery(args) {
        nodes.set(args.queryId, args.node);
        return args.node;
      },
      async transformResult(args) {
        const node = nodes.get(args.queryId);
        if (node) {
          const compiled = original.getExecutor().compileQuery(node, args.queryId);
          if (batch.test(compiled.sql)) {
            limits.push(compiled.parameters.at(-1));
            await onBatch?.(limits.length);
          }
        }
        return args.result;
      },
    };
    t.ctx.db = original.withPlugin(plugin);
    restore = () => {
      t.ctx.db = original;
    };
    return limits;
  }
  let restore = () => {};
  afterEach(() => {
    restore();
    restore = () => {};
  });

  describe.each(lists)('$name', (list) => {
    it('answers the whole list as a plain JSON array, in order, each item once', async () => {
      const response = await get(list.path());
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(response.headers[NEXT_CURSOR_HEADER]).toBeUndefined();
      expect(idsOf(response.json())).toEqual(list.expected());
    });

    it('reads it a batch at a time, never more than a batch in one statement', async () => {
      const limits = watchBatches(list.table);
      expect((await get(list.path())).statusCode).toBe(200);
      expect(limits).toEqual(Array.from({ length: BATCHES }, () => LIST_BATCH_ROWS));
    });

    it.each([7, 100])('pages through everything once, in order, %i at a time, the next cursor in its header', async (limit) => {
      const seen: string[] = [];
      let cursor: string | undefined;
      let pages = 0;
      do {
        const response = await get(list.path(), `limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
        expect(response.statusCode).toBe(200);
        // A timeline's page is {memories, nextCursor} (DESIGN "API"); every other list a plain array and the header.
        const body = response.json();
        const page = idsOf(list.pageInBody ? body.memories : body);
        expect(page.length).toBeLessThanOrEqual(limit);
        seen.push(...page);
        cursor = list.pageInBody ? (body.nextCursor ?? undefined) : (response.headers[NEXT_CURSOR_HEADER] as string | undefined);
        pages += 1;
      } while (cursor);
      expect(seen).toEqual(list.expected());
      expect(new Set(seen).size).toBe(seen.length);
      expect(pages).toBe(Math.ceil(VISIBLE / limit));
    });

    // A timeline's page is one statement with its children (db/json-rows.ts), counted in fresh-pages.test.ts.
    it.skipIf(list.pageInBody)('reads one statement for a page: limit + 1 rows, or a whole batch where the rule decides each', async () => {
      const limits = watchBatches(list.table);
      expect((await get(list.path(), 'limit=7')).statusCode).toBe(200);
      expect(limits).toEqual([list.pageReadsBatch ? LIST_BATCH_ROWS : 8]);
    });

    it.each([
      ['a limit of 0', 'limit=0', messages.pageLimitInvalid],
      ['a limit of 101', 'limit=101', messages.pageLimitInvalid],
      ['a limit in words', 'limit=ten', messages.pageLimitInvalid],
      ['a limit of 2.5', 'limit=2.5', messages.pageLimitInvalid],
      ['a cursor that is not ours', 'limit=5&cursor=not-a-cursor', messages.cursorInvalid],
      ['a cursor of the wrong shape', `cursor=${Buffer.from('[1,2]').toString('base64url')}`, messages.cursorInvalid],
      ['a cursor naming no instant', `cursor=${Buffer.from('["soon","x"]').toString('base64url')}`, messages.cursorInvalid],
      ['a cursor of year 0', `cursor=${Buffer.from('["0000-01-01T00:00:00.000Z","abc"]').toString('base64url')}`, messages.cursorInvalid],
      ['a cursor whose id is not an id', `cursor=${Buffer.from('["2024-01-01T00:00:00.000Z","a\\u0000b"]').toString('base64url')}`, messages.cursorInvalid],
    ])('refuses %s with 400 and its message', async (_, query, message) => {
      const response = await get(list.path(), query);
      expect([response.statusCode, response.json()]).toEqual([400, { message }]);
    });

    it('sends its first items before it reads its last batch', async () => {
      let arrive = () => {};
      const arrived = new Promise<void>((resolve) => {
        arrive = resolve;
      });
      // Held until the client has bytes: a reply built whole would never let it go.
      const limits = watchBatches(list.table, async (n) => {
        if (n < BATCHES) return;
        const timeout = new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no byte arrived before the last batch was read')), 5_000));
        await Promise.race([arrived, timeout]);
      });
      const response = await t.app.inject({ method: 'GET', url: list.path(), headers: { cookie: reader.cookie }, payloadAsStream: true });
      expect(response.statusCode).toBe(200);
      const chunks: Buffer[] = [];
      for await (const chunk of response.stream()) {
        chunks.push(chunk as Buffer);
        arrive();
      }
      expect(idsOf(JSON.parse(Buffer.concat(chunks).toString('utf8')))).toEqual(list.expected());
      expect(limits).toHaveLength(BATCHES);
    });

    it('answers {message} when the first batch fails, before any byte of the list', async () => {
      watchBatches(list.table, async () => {
        throw new Error('the database went away');
      });
      const response = await get(list.path());
      expect([response.statusCode, response.json()]).toEqual([500, { message: messages.unexpected }]);
    });

    it('cuts the reply short when a later batch fails, so no shorter list passes for the whole', async () => {
      watchBatches(list.table, async (n) => {
        if (n === BATCHES) throw new Error('the database went away');
      });
      // The connection ends without the reply's end: light-my-request says so as a socket would.
      await expect(get(list.path())).rejects.toThrow('response destroyed before completion');
    });
  });
});
