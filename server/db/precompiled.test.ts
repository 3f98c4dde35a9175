import { sql, type Compilable } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, makeTestApp, type TestApp } from '../test/app.js';
import { makeUser, type MadeUser } from '../test/factories.js';
import type { Db } from './index.js';
import { precompiled } from './precompiled.js';

// The names are listed in the opposite order to their places in the SQL, and a constant sits
// between them, so values that landed by position, or a constant taken for a value, would
// change the rows.
const relatives = precompiled<{ except: string; family: string }, { id: string }>(['except', 'family'], (db, { except, family }) =>
  db.selectFrom('users').select('id').where('last_name', '=', family).where('display_name', '!=', 'Hidden').where('id', '!=', except).orderBy('id'),
);

describe.each(dialects)('precompiled queries on %s', (dialect) => {
  let t: TestApp;
  let ash: [MadeUser, MadeUser], hidden: MadeUser, birch: [MadeUser, MadeUser];
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const sorted = (...users: MadeUser[]) => users.map((made) => made.user.id).sort();

  beforeAll(async () => {
    t = await makeTestApp(dialect);
    ash = [await makeUser(t.ctx, { lastName: 'Ash', displayName: 'One' }), await makeUser(t.ctx, { lastName: 'Ash', displayName: 'Two' })];
    hidden = await makeUser(t.ctx, { lastName: 'Ash', displayName: 'Hidden' });
    birch = [await makeUser(t.ctx, { lastName: 'Birch', displayName: 'Three' }), await makeUser(t.ctx, { lastName: 'Birch', displayName: 'Four' })];
  });
  afterAll(() => t.close());

  it('puts each value in its own place and keeps the constant, run after run', async () => {
    expect(ids(await relatives(t.ctx.db, { family: 'Ash', except: ash[0].user.id }))).toEqual(sorted(ash[1]));
    expect(ids(await relatives(t.ctx.db, { family: 'Birch', except: birch[0].user.id }))).toEqual(sorted(birch[1]));
    expect(ids(await relatives(t.ctx.db, { family: 'Ash', except: ash[1].user.id }))).toEqual(sorted(ash[0]));
    expect(ids(await relatives(t.ctx.db, { family: 'Birch', except: 'no one' }))).toEqual(sorted(...birch));
    expect(ids(await relatives(t.ctx.db, { family: 'Ash', except: hidden.user.id }))).toEqual(sorted(...ash));
    // Swapped, the values match nothing: neither went where the other belongs.
    expect(ids(await relatives(t.ctx.db, { family: ash[0].user.id, except: 'Ash' }))).toEqual([]);
  });

  type Values = { other: string; wanted: string };
  it.each<[string, (db: Db, values: Values) => Compilable<{ id: string }>]>([
    ['quoted into the text', (db, { other, wanted }) => db.selectFrom('users').select('id').where('email', '=', sql.lit(wanted)).where('id', '!=', other)],
    ['written raw into the text', (db, { other, wanted }) => db.selectFrom('users').select('id').where('email', '=', sql.raw<string>(wanted)).where('id', '!=', other)],
    ['left out of the query', (db, { other }) => db.selectFrom('users').select('id').where('id', '!=', other)],
  ])('refuses a value %s on the first run, naming it, every time', async (_, build) => {
    const query = precompiled<Values, { id: string }>(['other', 'wanted'], build);
    for (let run = 0; run < 2; run++) {
      await expect(query(t.ctx.db, { other: 'x', wanted: ash[0].user.email })).rejects.toThrow(/^precompiled query: wanted is not a bound parameter in /);
    }
  });

  it('compiles for each database and transaction it runs on', async () => {
    const other = await makeTestApp(dialect);
    try {
      const elsewhere = [await makeUser(other.ctx, { lastName: 'Ash' }), await makeUser(other.ctx, { lastName: 'Ash' })];
      expect(ids(await relatives(t.ctx.db, { family: 'Ash', except: '' }))).toEqual(sorted(...ash));
      expect(ids(await relatives(other.ctx.db, { family: 'Ash', except: '' }))).toEqual(sorted(...elsewhere));
      expect(ids(await relatives(t.ctx.db, { family: 'Ash', except: ash[0].user.id }))).toEqual(sorted(ash[1]));
      expect(ids(await relatives(other.ctx.db, { family: 'Ash', except: elsewhere[0]!.user.id }))).toEqual(sorted(elsewhere[1]!));
    } finally {
      await other.close();
    }

    // Run inside the transaction, it sees the transaction's own uncommitted row; after the
    // rollback the database does not.
    const rollback = new Error('rolled back on purpose');
    let inside: string[] = [];
    await expect(
      t.ctx.db.transaction().execute(async (trx) => {
        await trx.updateTable('users').set({ last_name: 'Ash' }).where('id', '=', birch[0].user.id).execute();
        inside = ids(await relatives(trx, { family: 'Ash', except: ash[0].user.id }));
        throw rollback;
      }),
    ).rejects.toBe(rollback);
    expect(inside).toEqual(sorted(ash[1], birch[0]));
    expect(ids(await relatives(t.ctx.db, { family: 'Ash', except: ash[0].user.id }))).toEqual(sorted(ash[1]));
  });
});
