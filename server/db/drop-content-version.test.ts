// Migration 0012 (issue 21 "Retire the answer cache"): a database that had the content version
// of 0007 keeps every row and loses every trigger, the function and the table, on both dialects.
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { makeMemory, makeTimeline, makeUser } from '../test/factories.js';
import { dialects } from '../test/app.js';
import type { Db, Dialect } from './index.js';
import { databaseMigratedUpTo } from './migration-test-support.js';

/** What is left of the content version: triggers that name it (found by what they do), its function, its table. */
async function contentVersionLeft(db: Db, dialect: Dialect): Promise<string[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ name: string }>`select type || ' ' || name as name from sqlite_master
      where (type = 'trigger' and sql like '%content_version%') or (type = 'table' and name = 'content_version')`.execute(db);
    return rows.map((row) => row.name).sort();
  }
  const { rows } = await sql<{ name: string }>`
    select 'trigger ' || tg.tgname as name from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = tg.tgfoid where n.nspname = current_schema() and p.proname = 'raise_content_version'
    union all select 'function ' || p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = current_schema() and p.proname = 'raise_content_version'
    union all select 'table ' || table_name from information_schema.tables where table_schema = current_schema() and table_name = 'content_version'`.execute(db);
  return rows.map((row) => row.name).sort();
}

describe.each(dialects)('migration 0012_drop_content_version on %s', (dialect: Dialect) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('drops the triggers, the function and the table of the content version, and keeps every row', async () => {
    const { ctx, migrate } = await databaseMigratedUpTo(dialect, '0011_idempotency_keys', cleanups);
    const [grandma, grandson] = await Promise.all([makeUser(ctx, { displayName: 'Grandma Rose' }), makeUser(ctx)]);
    const timeline = await makeTimeline(ctx, grandma.user, { members: [grandson.user] });
    const memory = await makeMemory(ctx, grandma.user, { title: 'Our wedding', timelineIds: [timeline.id], sharedWith: [grandson.user] });
    // Before: 33 triggers on SQLite (11 tables × 3 writes), 11 and the function on PostgreSQL, and the table.
    const before = await contentVersionLeft(ctx.db, dialect);
    expect(before).toContain('table content_version');
    expect(before.filter((name) => name.startsWith('trigger ')).length).toBe(dialect === 'sqlite' ? 33 : 11);
    const counts = async () =>
      Promise.all((['users', 'sessions', 'timelines', 'timeline_members', 'memories', 'memory_timelines', 'memory_shares'] as const).map(async (table) => {
        const { rows } = await sql<{ count: string | number }>`select count(*) as count from ${sql.table(table)}`.execute(ctx.db);
        return [table, Number(rows[0]!.count)] as const;
      }));
    const countsBefore = await counts();

    await migrate();

    expect(await contentVersionLeft(ctx.db, dialect)).toEqual([]);
    expect(await counts()).toEqual(countsBefore);
    const kept = await ctx.db.selectFrom('memories').select(['title', 'user_id']).where('id', '=', memory.id).executeTakeFirstOrThrow();
    expect(kept).toEqual({ title: 'Our wedding', user_id: grandma.user.id });
    // Writes to the tables that had triggers go on without them.
    await ctx.db.updateTable('memories').set({ title: 'Our wedding day' }).where('id', '=', memory.id).execute();
    await ctx.db.deleteFrom('sessions').where('user_id', '=', grandson.user.id).execute();
    expect((await ctx.db.selectFrom('memories').select('title').where('id', '=', memory.id).executeTakeFirstOrThrow()).title).toBe('Our wedding day');
  });
});
