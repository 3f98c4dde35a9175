// Migration 0005 (issue 10 "Search": "A migration builds the index for memories that already
// exist"): memories written before it are found after it runs, and it keeps the index in step
// from then on.
import { afterEach, describe, expect, it } from 'vitest';
import type { Memory } from '../../common/memories.js';
import { buildApp } from '../app.js';
import type { Dialect } from '../db/index.js';
import { databaseMigratedUpTo } from '../db/migration-test-support.js';
import { dialects } from '../test/app.js';
import { makeTimeline, makeUser } from '../test/factories.js';
import { makeSearchableMemory, searchAs } from './test-support.js';

describe.each(dialects)('migration 0005_search_index on %s', (dialect: Dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A database migrated up to 0004 only, as an instance from before search had it. */
  const databaseBeforeSearch = () => databaseMigratedUpTo(dialect, '0004_follow_up_audio', cleanups);

  it('finds the memories written before it ran, each only by those who may view it, and follows later writes', async () => {
    const { ctx, migrate } = await databaseBeforeSearch();
    const owner = await makeUser(ctx);
    const viewer = await makeUser(ctx);
    const timeline = await makeTimeline(ctx, owner.user, { members: [viewer.user] });
    const kitchen = await makeSearchableMemory(ctx, owner.user, {
      title: "Grandmother's kitchen",
      content: 'Apple pie on Sundays',
      transcription: 'She never wrote the recipe down',
      createdAt: '2020-01-01T12:00:00.000Z',
      timelineIds: [timeline.id],
      sharedWith: [viewer.user],
    });
    const diary = await makeSearchableMemory(ctx, owner.user, { title: "Grandmother's diary", content: 'İstanbul, 1962', createdAt: '2021-01-01T12:00:00.000Z', timelineIds: [timeline.id] });

    await migrate();
    const app = await buildApp({ ctx });
    cleanups.push(() => app.close());
    const found = async (q: string, who = owner) => {
      const response = await searchAs(app, { q }, who);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Memory[]).map((memory) => memory.id);
    };

    expect(await found('grandmother')).toEqual([diary, kitchen]);
    expect(await found('recipe')).toEqual([kitchen]);
    expect(await found('sundays apple')).toEqual([kitchen]);
    expect(await found('İstanbul 1962')).toEqual([diary]);
    expect(await found('grandmother', viewer)).toEqual([kitchen]);

    // From now on the triggers keep it in step.
    await ctx.db.updateTable('memories').set({ title: 'Great-aunt Clara’s kitchen' }).where('id', '=', kitchen).execute();
    expect(await found('grandmother')).toEqual([diary]);
    expect(await found('clara')).toEqual([kitchen]);
    await ctx.db.deleteFrom('memories').where('id', '=', diary).execute();
    expect(await found('diary')).toEqual([]);
    const later = await makeSearchableMemory(ctx, owner.user, { title: 'Grandmother’s garden', createdAt: '2022-01-01T12:00:00.000Z', timelineIds: [timeline.id] });
    expect(await found('grandmother')).toEqual([later]);
  });
});

// Migration 0013 (issue 21 "Search for every query"): the index is rebuilt with a line break
// after each text, so a two-letter word at the very end of a memory written before it is found
// through the index, and the triggers keep doing so for later writes.
describe.each(dialects)('migration 0013_search_short_terms on %s', (dialect: Dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('finds two letters that end a text written before it ran, and after', async () => {
    const { ctx, migrate } = await databaseMigratedUpTo(dialect, '0012_drop_content_version', cleanups);
    const owner = await makeUser(ctx);
    const timeline = await makeTimeline(ctx, owner.user);
    const before = await makeSearchableMemory(ctx, owner.user, { title: 'Ox', content: 'A postcard signed qz', createdAt: '2020-01-01T12:00:00.000Z', timelineIds: [timeline.id] });

    await migrate();
    const app = await buildApp({ ctx });
    cleanups.push(() => app.close());
    const found = async (q: string) => {
      const response = await searchAs(app, { q }, owner);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as Memory[]).map((memory) => memory.id);
    };

    expect(await found('ox')).toEqual([before]);
    expect(await found('QZ')).toEqual([before]);
    expect(await found('zq')).toEqual([]);
    const after = await makeSearchableMemory(ctx, owner.user, { title: 'Yo', transcription: 'and then qz', createdAt: '2021-01-01T12:00:00.000Z', timelineIds: [timeline.id] });
    expect(await found('qz')).toEqual([after, before]);
    expect(await found('yo')).toEqual([after]);
  });
});
