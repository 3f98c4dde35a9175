import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { iso } from '../context.js';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeMemory, makeTimeline, makeUser, type MadeUser } from '../test/factories.js';
import { contentVersion, UNKEPT_TABLES } from './content-version.js';
import type { Db } from './index.js';

interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void, reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  // Rejected only to free a transaction that is waiting; whoever awaits it still sees the error.
  promise.catch(() => {});
  return { promise, resolve, reject };
}

describe.each(dialects)('the content version on %s', (dialect) => {
  let t: TestApp;
  let owner: MadeUser, member: MadeUser;
  let timeline: { id: string };
  let memory: { id: string };

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    [owner, member] = (await Promise.all([makeUser(t.ctx), makeUser(t.ctx)])) as [MadeUser, MadeUser];
    timeline = await makeTimeline(t.ctx, owner.user, { members: [member.user] });
    memory = await makeMemory(t.ctx, owner.user, { timelineIds: [timeline.id] });
  });
  afterAll(() => t.close());

  /** The tables of the migrated database, without the migrator's own and SQLite's search index. */
  async function tables(): Promise<string[]> {
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like 'memory_search%' and name not like 'kysely_migration%'`.execute(t.ctx.db)
        : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' and table_name not like 'kysely_migration%'`.execute(t.ctx.db);
    return rows.map((row) => row.name).sort();
  }

  /** Each table's triggers that raise the version, found by what they do rather than by name, so a misnamed one still counts. */
  async function versionTriggers(): Promise<Map<string, string[]>> {
    const { rows } =
      dialect === 'sqlite'
        ? await sql<{ table: string; trigger: string }>`select tbl_name as "table", name as "trigger" from sqlite_master where type = 'trigger' and sql like '%content_version%'`.execute(t.ctx.db)
        : await sql<{ table: string; trigger: string }>`select c.relname as "table", tg.tgname || case when tg.tgdeferrable and tg.tginitdeferred then ' deferred' else ' not deferred' end as "trigger"
            from pg_trigger tg join pg_class c on c.oid = tg.tgrelid join pg_namespace n on n.oid = c.relnamespace join pg_proc p on p.oid = tg.tgfoid
            where n.nspname = current_schema() and p.proname = 'raise_content_version'`.execute(t.ctx.db);
    const byTable = new Map<string, string[]>();
    for (const { table, trigger } of rows) byTable.set(table, [...(byTable.get(table) ?? []), trigger].sort());
    return byTable;
  }

  it('is raised by triggers on every table except those listed as unkept, and the list names only real tables', async () => {
    const all = await tables();
    const triggers = await versionTriggers();
    const unkept: readonly string[] = UNKEPT_TABLES;
    for (const name of unkept) expect(all, `UNKEPT_TABLES names ${name}, which is not a table`).toContain(name);
    for (const table of all) {
      const expected = unkept.includes(table) ? [] : dialect === 'sqlite' ? ['delete', 'insert', 'update'].map((write) => `${table}_content_${write}`) : [`${table}_content_version deferred`];
      expect(triggers.get(table) ?? [], `content-version triggers on ${table}`).toEqual(expected);
    }
    // Triggers on a table the list above missed would go unchecked.
    for (const table of triggers.keys()) expect(all, `a content-version trigger on ${table}`).toContain(table);
  });

  /** How far `write` moves the version. */
  async function rise(write: (db: Db) => Promise<unknown>): Promise<number> {
    const before = await contentVersion(t.ctx.db);
    await write(t.ctx.db);
    return (await contentVersion(t.ctx.db)) - before;
  }

  it.each<[string, (db: Db) => Promise<unknown>]>([
    ["a memory's title", (db) => db.updateTable('memories').set({ title: 'Retitled' }).where('id', '=', memory.id).execute()],
    ['a share added', (db) => db.insertInto('memory_shares').values({ memory_id: memory.id, user_id: member.user.id }).execute()],
    ['a share removed', (db) => db.deleteFrom('memory_shares').where('memory_id', '=', memory.id).where('user_id', '=', member.user.id).execute()],
    ['a tag', (db) => db.insertInto('memory_tags').values({ memory_id: memory.id, tag: 'summer' }).execute()],
    ['a photo', (db) => db.insertInto('media').values({ id: randomUUID(), memory_id: memory.id, owner_id: owner.user.id, kind: 'image', storage_key: `images/${randomUUID()}.jpg`, mime_type: 'image/jpeg', size: 1000, width: 10, height: 10, duration: null, position: 0, created_at: iso(t.ctx.now()) }).execute()],
    ["a user's name", (db) => db.updateTable('users').set({ display_name: 'Renamed' }).where('id', '=', owner.user.id).execute()],
    ['a session ended', (db) => db.deleteFrom('sessions').where('user_id', '=', member.user.id).execute()],
    ['a member leaving a timeline', (db) => db.deleteFrom('timeline_members').where('timeline_id', '=', timeline.id).where('user_id', '=', member.user.id).execute()],
  ])('rises by one for one row written: %s', async (_, write) => {
    expect(await rise(write)).toBe(1);
  });

  it.each<[string, (db: Db) => Promise<unknown>]>([
    ['a failed sign-in', (db) => db.insertInto('sign_in_failures').values({ id: randomUUID(), key: `account:${owner.user.email}`, failed_at: iso(t.ctx.now()) }).execute()],
    ['a notification', (db) => db.insertInto('notifications').values({ id: randomUUID(), user_id: owner.user.id, type: 'other', title: 'Hello', message: 'Hello', related_memory_id: memory.id, created_at: iso(t.ctx.now()) }).execute()],
    ['a comment', (db) => db.insertInto('comments').values({ id: randomUUID(), memory_id: memory.id, user_id: owner.user.id, content: 'Lovely', transcription: null, audio_key: null, created_at: iso(t.ctx.now()) }).execute()],
  ])('stays for a table no kept answer is made of: %s', async (_, write) => {
    expect(await rise(write)).toBe(0);
  });

  it('stays when the transaction that wrote is rolled back', async () => {
    const failure = new Error('rolled back on purpose');
    const moved = await rise((db) =>
      expect(
        db.transaction().execute(async (trx) => {
          await trx.updateTable('memories').set({ title: 'Never seen' }).where('id', '=', memory.id).execute();
          await trx.updateTable('users').set({ display_name: 'Never seen' }).where('id', '=', owner.user.id).execute();
          throw failure;
        }),
      ).rejects.toBe(failure),
    );
    expect(moved).toBe(0);
    expect((await t.ctx.db.selectFrom('memories').select('title').where('id', '=', memory.id).executeTakeFirstOrThrow()).title).not.toBe('Never seen');
  });

  it('rises for a transaction that writes many rows: once on PostgreSQL, per row on SQLite', async () => {
    const many = await Promise.all([1, 2, 3, 4].map(() => makeMemory(t.ctx, owner.user)));
    const moved = await rise((db) =>
      db.transaction().execute(async (trx) => {
        for (const { id } of many) await trx.updateTable('memories').set({ title: 'Batch' }).where('id', '=', id).execute();
        await trx.updateTable('users').set({ display_name: 'Batch' }).where('id', '=', owner.user.id).execute();
      }),
    );
    if (dialect === 'postgres') expect(moved).toBe(1);
    else expect(moved).toBeGreaterThanOrEqual(1);
  });

  /** Whether backend `pid` is seen waiting for a lock before `step` settles; polled, as nothing reports it. */
  async function waitsForLock(step: Promise<unknown>, pid: number): Promise<boolean> {
    let settled = false;
    step.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      const { rows } = await sql`select 1 from pg_stat_activity where pid = ${pid} and wait_event_type = 'Lock'`.execute(t.ctx.db);
      if (rows.length > 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return false;
  }

  // Were the version's row locked at each write rather than at commit, the second writer would
  // wait on the first for the version while holding the row the first then asks for: deadlock.
  it.skipIf(dialect !== 'postgres')('lets two transactions write rows in opposite orders without a deadlock', async () => {
    const [a, b] = (await Promise.all([makeUser(t.ctx), makeUser(t.ctx)])) as [MadeUser, MadeUser];
    const rename = (db: Db, who: MadeUser, name: string) => db.updateTable('users').set({ display_name: name }).where('id', '=', who.user.id).execute();
    const pidOf = async (db: Db) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]!.pid;
    const before = await contentVersion(t.ctx.db);
    const firstPid = deferred<number>(), secondPid = deferred<number>();
    const firstHasA = deferred(), firstMayTakeB = deferred(), secondHasB = deferred(), secondMayCommit = deferred();

    const first = t.ctx.db.transaction().execute(async (trx) => {
      firstPid.resolve(await pidOf(trx));
      await rename(trx, a, 'first');
      firstHasA.resolve();
      await firstMayTakeB.promise;
      await rename(trx, b, 'first');
    });
    const second = t.ctx.db.transaction().execute(async (trx) => {
      secondPid.resolve(await pidOf(trx));
      await firstHasA.promise;
      await rename(trx, b, 'second');
      secondHasB.resolve();
      await secondMayCommit.promise;
    });
    // Either failing frees the other from its wait, or the pool never drains.
    first.catch((error) => [firstPid, firstHasA, secondMayCommit].forEach((gate) => gate.reject(error)));
    second.catch((error) => [secondPid, secondHasB, firstMayTakeB].forEach((gate) => gate.reject(error)));

    await firstHasA.promise;
    // Should the second's write wait (for the version's row), the first goes on all the same,
    // so a deadlock shows as PostgreSQL's error rather than as a test that hangs.
    const secondWaited = await waitsForLock(secondHasB.promise, await secondPid.promise);
    firstMayTakeB.resolve();
    const firstWaited = await waitsForLock(first, await firstPid.promise);
    secondMayCommit.resolve();
    await Promise.all([first, second]);

    expect(secondWaited).toBe(false);
    expect(firstWaited).toBe(true); // on b, until the second committed
    expect(await contentVersion(t.ctx.db)).toBe(before + 2);
    const names = await t.ctx.db.selectFrom('users').select(['id', 'display_name']).where('id', 'in', [a.user.id, b.user.id]).execute();
    expect(Object.fromEntries(names.map((row) => [row.id, row.display_name]))).toEqual({ [a.user.id]: 'first', [b.user.id]: 'first' });
  });
});
