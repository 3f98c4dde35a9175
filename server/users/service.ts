// Changes a user makes to their own account and settings (accounts §5, §7).
import type { UpdateUserBody } from '../../common/users.js';
import { requireAccess } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow, UserUpdate } from '../db/schema.js';
import * as queries from './queries.js';

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0);

export async function updateSettings(ctx: AppContext, user: UserRow, body: UpdateUserBody): Promise<UserRow> {
  // accounts §6: any member may make a timeline their default, but only one they belong to.
  if (body.defaultTimelineId) await requireAccess(ctx.db, user, 'timeline.read', [body.defaultTimelineId]);
  const changes: UserUpdate = { updated_at: iso(ctx.now()) };
  if (body.defaultTimelineId !== undefined) changes.default_timeline_id = body.defaultTimelineId;
  if (body.displayName !== undefined) changes.display_name = body.displayName;
  if (body.reminderTime !== undefined) changes.reminder_time = body.reminderTime;
  if (body.notificationsEnabled !== undefined) changes.notifications_enabled = flag(body.notificationsEnabled);
  if (body.newMemoryNotificationsEnabled !== undefined) {
    changes.new_memory_notifications_enabled = flag(body.newMemoryNotificationsEnabled);
  }
  return queries.updateUser(ctx.db, user.id, changes);
}

export async function updateProfile(ctx: AppContext, user: UserRow, fields: { displayName?: string }): Promise<UserRow> {
  if (fields.displayName === undefined) return user;
  return queries.updateUser(ctx.db, user.id, { display_name: fields.displayName, updated_at: iso(ctx.now()) });
}
