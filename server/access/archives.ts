// The archive of everything's rule (issue 25; DESIGN "Yours to keep"): an archive is its
// requester's alone. Anyone else hears 404 on every call, so an archive's id never says
// whether it exists.
import type { Db } from '../db/index.js';

export async function archivesRequestedBy(db: Db, userId: string, archiveIds: string[]): Promise<string[]> {
  const rows = await db.selectFrom('archives').select('id').where('requested_by', '=', userId).where('id', 'in', archiveIds).execute();
  return rows.map((row) => row.id);
}
