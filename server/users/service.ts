// Changes a user makes to their own account and settings (accounts §5, §7).
import type { UpdateUserBody } from '../../common/users.js';
import { requireAccess } from '../access/index.js';
import { iso, type AppContext } from '../context.js';
import type { UserRow, UserUpdate } from '../db/schema.js';
import * as media from '../media/index.js';
import * as queries from './queries.js';
import { flag } from '../db/flags.js';


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

/** What the profile calls change: the display name, a picture already staged in the store, or both. */
export interface ProfileChange {
  displayName?: string;
  image: media.StagedFile | null;
}

/**
 * PATCH /api/auth/user/profile and POST /api/user/profile-image: the display name and the
 * picture change together or not at all. A new picture replaces the previous one, whose
 * row goes in the same transaction and whose file goes once that has committed.
 */
export async function updateProfile(ctx: AppContext, user: UserRow, { displayName, image }: ProfileChange): Promise<UserRow> {
  if (displayName === undefined && !image) return user;
  const now = ctx.now();
  let replaced: string[] = [];
  let updated: UserRow;
  try {
    updated = await ctx.db.transaction().execute(async (trx) => {
      const changes: UserUpdate = { updated_at: iso(now) };
      if (displayName !== undefined) changes.display_name = displayName;
      if (image) {
        replaced = await media.recordAvatar(trx, user, image, now);
        changes.profile_image_key = image.key;
      }
      return queries.updateUser(trx, user.id, changes);
    });
  } catch (error) {
    // Rolled back: the old picture is still the user's, so the new file must go.
    if (image) await media.discardFiles(ctx.media, [image.key]);
    throw error;
  }
  await media.discardFiles(ctx.media, replaced);
  return updated;
}
