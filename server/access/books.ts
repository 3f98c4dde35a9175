// The family book's rule (issue 24; DESIGN "The family book (PDF)"): a book is its requester's
// alone. Anyone else, fellow members included, hears 404 on every call, so a book's id never
// says whether it exists.
import type { Db } from '../db/index.js';

export async function booksRequestedBy(db: Db, userId: string, bookIds: string[]): Promise<string[]> {
  const rows = await db.selectFrom('books').select('id').where('requested_by', '=', userId).where('id', 'in', bookIds).execute();
  return rows.map((row) => row.id);
}
