// Migration 0010 (issue 20 "Who sees a memory": "A migration gives `timeline` to every memory
// shared today with every member of its timelines"): the memories written before it are
// classified from their shares, on both dialects.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import type { Dialect } from '../db/index.js';
import { databaseMigratedUpTo } from '../db/migration-test-support.js';
import { dialects } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser } from '../test/factories.js';

describe.each(dialects)('migration 0010_memory_audience on %s', (dialect: Dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A database migrated up to 0009 only, as an instance from before audiences had it. */
  const databaseBeforeAudiences = () => databaseMigratedUpTo(dialect, '0009_ai_calls', cleanups);

  it("gives 'timeline' to memories shared with every other member of their timelines, 'private' to the creator's alone, 'people' to the rest", async () => {
    const { ctx, migrate } = await databaseBeforeAudiences();
    const [grandson, grandma, aunt, cousin, lone] = await Promise.all([makeUser(ctx), makeUser(ctx), makeUser(ctx), makeUser(ctx), makeUser(ctx)]);
    const family = await makeTimeline(ctx, grandson.user, { members: [grandma.user, aunt.user] });
    const cousins = await makeTimeline(ctx, grandson.user, { members: [cousin.user] });
    const alone = await makeTimeline(ctx, lone.user);
    // The factory leaves the column unnamed, so it writes rows as they were before 0010.
    const toAll = await makeMemory(ctx, grandson.user, { timelineIds: [family.id], sharedWith: [grandma.user, aunt.user] });
    const toAllOfTwo = await makeMemory(ctx, grandson.user, { timelineIds: [family.id, cousins.id], sharedWith: [grandma.user, aunt.user, cousin.user] });
    const toSome = await makeMemory(ctx, grandson.user, { timelineIds: [family.id], sharedWith: [grandma.user] });
    const toOneTimelineOfTwo = await makeMemory(ctx, grandson.user, { timelineIds: [family.id, cousins.id], sharedWith: [grandma.user, aunt.user] });
    const toNobody = await makeMemory(ctx, grandson.user, { timelineIds: [family.id] });
    const lonesOwn = await makeMemory(ctx, lone.user, { timelineIds: [alone.id] });
    const columns = async () => (await sql<{ name: string }>`select * from memories`.execute(ctx.db)).rows.map((row) => Object.keys(row)).flat();
    expect(await columns()).not.toContain('audience');

    await migrate();

    const audienceOf = async (id: string) => (await ctx.db.selectFrom('memories').select('audience').where('id', '=', id).executeTakeFirstOrThrow()).audience;
    expect(await audienceOf(toAll.id)).toBe('timeline');
    expect(await audienceOf(toAllOfTwo.id)).toBe('timeline');
    expect(await audienceOf(toSome.id)).toBe('people');
    expect(await audienceOf(toOneTimelineOfTwo.id)).toBe('people');
    expect(await audienceOf(toNobody.id)).toBe('private');
    // A lone member's memory: "Private" or "everyone, nobody yet" cannot be told apart; privacy wins.
    expect(await audienceOf(lonesOwn.id)).toBe('private');
    // A memory written after it without an audience is 'people'; an unknown audience is refused by the database.
    const later = await makeMemory(ctx, grandson.user, { timelineIds: [family.id], sharedWith: [grandma.user] });
    expect(await audienceOf(later.id)).toBe('people');
    await expect(ctx.db.updateTable('memories').set({ audience: 'everyone' as 'people' }).where('id', '=', later.id).execute()).rejects.toThrow();
    expect(await audienceOf(later.id)).toBe('people');
  });
});
