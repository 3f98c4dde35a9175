// Who may read whom (DESIGN "Edge decisions"): a user's name and picture only for those who
// share a timeline or the family with them, or may view one of their memories; else 404.
import { messages } from '../../common/messages.js';
import { requireAccess } from '../access/index.js';
import type { AppContext } from '../context.js';
import type { UserRow } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import type { MemberRow } from './present.js';
import { findPerson } from './queries.js';

export async function getPerson(ctx: AppContext, viewer: UserRow, id: string): Promise<MemberRow> {
  await requireAccess(ctx.db, viewer, 'user.read', [id]);
  const person = await findPerson(ctx.db, id);
  if (!person) throw notFound(messages.userNotFound);
  return person;
}
