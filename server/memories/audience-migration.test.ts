// Migration 0010 (issue 20 "Who sees a memory": "A migration gives `timeline` to every memory
// shared today with every member of its timelines"): the memories written before it are
// classified from their shares, on both dialects.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import { openDatabase, type Dialect } from '../db/index.js';
import { migrateToLatest, migrateUpTo } from '../db/migrate.js';
import { createMediaStore } from '../providers/storage/index.js';
import { dialects, TEST_ORIGIN } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser } from '../test/factories.js';

describe.each(dialects)('migration 0010_memory_audience on %s', (dialect: Dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  /** A database migrated up to 0009 only, as an instance from before audiences had it. */
  async function databaseBeforeAudiences() {
    const dataDir = mkdtempSync(join(tmpdir(), 'heirloom-audience-migration-'));
    cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const config = loadConfig({
      DATA_DIR: dataDir,
      PUBLIC_URL: TEST_ORIGIN,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      ...(dialect === 'postgres' ? { DATABASE_URL: process.env.TEST_DATABASE_URL } : {}),
    });
    const schema = dialect === 'postgres' ? `test_${randomBytes(6).toString('hex')}` : undefined;
    if (schema) {
      const admin = openDatabase(config.databaseUrl);
      await sql`create schema ${sql.id(schema)}`.execute(admin.db);
      await admin.close();
      cleanups.push(async () => {
        const dropper = openDatabase(config.databaseUrl);
        await sql`drop schema ${sql.id(schema)} cascade`.execute(dropper.db);
        await dropper.close();
      });
    }
    const handle = openDatabase(config.databaseUrl, { schema });
    cleanups.push(() => handle.close());
    await migrateUpTo(handle.db, '0009_ai_calls', schema);
    const media = await createMediaStore(config);
    const ctx = createContext({ db: handle.db, dialect, config, media, now: () => new Date() });
    return { ctx, migrate: () => migrateToLatest(handle.db, schema) };
  }

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
