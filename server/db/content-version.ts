// The content version: a number the database raises in every transaction that writes a
// table memories and timeline pages are made of (migration 0007 lists them and explains the
// triggers). Equal numbers mean nothing such a page shows has changed in between, on this
// instance or any other.
import { precompiled } from './precompiled.js';

const versionQuery = precompiled<{ id: number }, { version: number }>(['id'], (db, { id }) =>
  db.selectFrom('content_version').select('version').where('id', '=', id),
);

/**
 * Read it before reading what depends on it: what is read after can only be as new or newer,
 * so an answer labelled with this number is never older than the number says.
 */
export async function contentVersion(db: Parameters<typeof versionQuery>[0]): Promise<number> {
  const [row] = await versionQuery(db, { id: 1 });
  if (!row) throw new Error('content_version has no row: the database was not migrated');
  return row.version;
}

/**
 * Tables no memory or timeline page shows, and that decide nothing of who sees one: writing
 * them leaves the version as it is (sessions are checked on every request; notifications,
 * comments and prompts have answers of their own, never kept). db/content-version.test.ts
 * requires every other table to carry the triggers, so a new table must be one or the other.
 */
export const TABLES_PAGES_DO_NOT_SHOW = [
  'identities',
  'sessions',
  'sign_in_failures',
  'family_invites',
  'timeline_invites',
  'uploads',
  'comments',
  'notifications',
  'daily_prompts',
  'prompt_history',
  'content_version',
] as const;
