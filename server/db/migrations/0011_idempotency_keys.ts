// The Idempotency-Keys of the creating posts (issue 20 "Never twice"; server/idempotency):
// one row per key a caller sent with a create that committed, written in the create's own
// transaction, so the truth is in the database that every instance shares. It names what
// the first answer created (its status and the resource's id), never its content: a repeat
// presents the resource afresh, and a deleted memory's words do not outlive it here.
import type { Kysely } from 'kysely';
import { columnTypes } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema
    .createTable('idempotency_keys')
    // Who sent the key: a user's id, or for a caller without an account (the tell link of a
    // later issue) a name of its own, hence no foreign key.
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // The request the key was first sent with ('POST /api/memories/<id>/comments'): the same key on another is refused.
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('created_at', time, (c) => c.notNull())
    // A second send of the key waits on this key (PostgreSQL) until the first commits or rolls back.
    .addPrimaryKeyConstraint('idempotency_keys_pkey', ['caller', 'key'])
    .execute();
  // No other index: the sweep reads one caller's keys, which the primary key's first column finds.
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
