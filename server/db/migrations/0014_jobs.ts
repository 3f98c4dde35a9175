// The product's job queue (issue 22 "Work that outlives a request"; DESIGN "Work that
// outlives a request (jobs)"; server/jobs): work done after the answer is a row here, so a
// restart or a crash loses none of it and every instance on one database shares the queue.
import { sql, type Kysely } from 'kysely';
import { columnTypes } from '../columns.js';

export async function up(db: Kysely<any>): Promise<void> {
  const { time } = columnTypes(db);
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // Which handler runs it ('transcribe', …); an instance leaves alone a kind it has no handler for.
    .addColumn('kind', 'text', (c) => c.notNull())
    // Optional dedupe key: one queued or running job per kind and key (the index below).
    .addColumn('key', 'text')
    // JSON text on both dialects: the handler's input, never read by SQL.
    .addColumn('payload', 'text', (c) => c.notNull())
    // 'queued' | 'running' | 'done' | 'failed'
    .addColumn('state', 'text', (c) => c.notNull())
    // Attempts begun, counted at the claim, so a job that kills its process every time still ends.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // Null: the handler's own (default 5).
    .addColumn('max_attempts', 'integer')
    // Not claimed before this instant: the enqueue's delay, or the back-off after a failure.
    .addColumn('run_after', time, (c) => c.notNull())
    // The instance running it and until when; a lease past its expiry is anyone's to claim.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', time)
    .addColumn('last_error', 'text')
    .addColumn('created_at', time, (c) => c.notNull())
    .addColumn('updated_at', time, (c) => c.notNull())
    .execute();
  // The claim, one kind at a time: its jobs due, and its running jobs whose lease has expired.
  await db.schema.createIndex('jobs_due_idx').on('jobs').columns(['kind', 'state', 'run_after']).execute();
  await db.schema.createIndex('jobs_lease_idx').on('jobs').columns(['kind', 'state', 'lease_expires_at']).execute();
  // The dedupe key holds while a job is queued or running; a done or failed one frees it.
  await db.schema
    .createIndex('jobs_live_key_idx')
    .on('jobs')
    .columns(['kind', 'key'])
    .unique()
    .where(sql.ref('key'), 'is not', null)
    .where(sql.ref('state'), 'in', ['queued', 'running'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only');
}
