// The content version: a number the database raises in every transaction that writes a
// table an answer kept in memory is made of (timeline pages, sessions; migration 0007 lists
// them and explains the triggers). Equal numbers mean nothing such an answer holds has
// changed in between, on this instance or any other (db/kept.ts).
import type { Db } from './index.js';
import { precompiled } from './precompiled.js';

const versionQuery = precompiled<{ id: number }, { version: number }>(['id'], (db, { id }) =>
  db.selectFrom('content_version').select('version').where('id', '=', id),
);

/**
 * Read it before reading what depends on it: what is read after can only be as new or newer,
 * so an answer labelled with this number is never older than the number says.
 */
export async function contentVersion(db: Db): Promise<number> {
  const [row] = await versionQuery(db, { id: 1 });
  if (!row) throw new Error('content_version has no row: the database was not migrated');
  return row.version;
}

/**
 * Tables no kept answer is made of: writing them leaves the version as it is. Notifications,
 * comments and prompts have answers of their own, never kept; the rest are read only when
 * signing in or accepting an invite. db/content-version.test.ts requires every other table to
 * carry the triggers, so a new table must be one or the other.
 */
export const UNKEPT_TABLES = [
  'identities',
  'sign_in_failures',
  'family_invites',
  'timeline_invites',
  'timeline_removals',
  'uploads',
  // Counts behind the AI calls' limits (server/ai-limits): no answer shows them.
  'ai_calls',
  // Which keys a caller's creates were sent with (server/idempotency): no answer shows them.
  'idempotency_keys',
  'comments',
  'notifications',
  'daily_prompts',
  'prompt_history',
  'content_version',
] as const;
