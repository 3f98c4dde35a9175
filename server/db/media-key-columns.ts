// Every column whose value names a stored file (schema.ts): the sweep of files no row holds
// keeps what these name, and a backup copies it. A column missing here would have its files
// taken for leftovers and lost, so media/orphans.test.ts and ops/tables.test.ts compare this
// list with the `*_key` columns the migrated database really has.
import type { Database } from './schema.js';

export interface MediaKeyColumn {
  table: keyof Database;
  column: string;
  /** Its row may be written before the file exists. */
  mayLackFile?: true;
}

export const MEDIA_KEY_COLUMNS: readonly MediaKeyColumn[] = [
  { table: 'media', column: 'storage_key' },
  // A direct upload's row is written when its address is handed out, before the browser sends
  // the bytes (which may never come); once attached, its media row names the file too.
  { table: 'uploads', column: 'storage_key', mayLackFile: true },
  { table: 'users', column: 'profile_image_key' },
  { table: 'memories', column: 'audio_key' },
  { table: 'follow_up_responses', column: 'audio_key' },
  { table: 'comments', column: 'audio_key' },
  // Set once the PDF is stored whole.
  { table: 'books', column: 'file_key' },
  // Set once the zip is stored whole.
  { table: 'archives', column: 'file_key' },
];
