// The family's side of storytellers (DESIGN "Storytellers (no account)"): adding one, the
// list, their details, and their link. Access first (server/access), then the rows.
import { randomUUID } from 'node:crypto';
import type { CreateStorytellerBody, CreatedStoryteller } from '../../common/storytellers.js';
import { requireAccess } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import { flag } from '../db/flags.js';
import type { UserRow } from '../db/schema.js';
import * as timelines from '../timelines/index.js';
import * as users from '../users/index.js';
import { issueLink, linkUrl } from './link.js';
import * as queries from './queries.js';
import { reservedEmailOf } from './reserved-address.js';

/**
 * Any member adds a storyteller: a users row with no password and a reserved sign-in address
 * (migration 0016), in the adder's family, a member of the timeline, with a fresh link.
 */
export async function createStoryteller(ctx: AppContext, user: UserRow, timelineId: string, body: CreateStorytellerBody): Promise<CreatedStoryteller> {
  await requireAccess(ctx.db, user, 'timeline.read', [timelineId]);
  const id = randomUUID();
  const now = iso(ctx.now());
  const link = issueLink(ctx.config.sessionSecret);
  const email = body.email ?? null;
  await ctx.db.transaction().execute(async (trx) => {
    await users.insertUser(trx, {
      id,
      email: reservedEmailOf(id),
      password_hash: null,
      display_name: body.displayName,
      family_id: user.family_id,
      is_storyteller: flag(true),
      created_at: now,
      updated_at: now,
    });
    await timelines.addMember(trx, timelineId, id, now);
    await queries.insertStoryteller(trx, {
      user_id: id,
      timeline_id: timelineId,
      created_by: user.id,
      email,
      link_hash: link.hash,
      link_sealed: link.sealed,
      created_at: now,
      updated_at: now,
    });
  });
  return { id, displayName: body.displayName, email, link: linkUrl(ctx.config.publicUrl, link.token) };
}
