// The user as the API returns it, and the calls that change it (accounts §3, §5, §7).
import { z } from 'zod';
import { DISPLAY_NAME_MAX } from './limits.js';
import { messages } from './messages.js';

/** A person's name as shown; `said` words its refusals for the form that asks it. */
export const nameField = (said: { required: string; tooLong: string }) =>
  z.string({ error: said.required }).trim().min(1, { error: said.required }).max(DISPLAY_NAME_MAX, { error: said.tooLong });

export const displayNameField = nameField({ required: messages.displayNameRequired, tooLong: messages.displayNameTooLong });

export const user = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string().nullable(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  familyId: z.string().nullable(),
  defaultTimelineId: z.string().nullable(),
  reminderTime: z.string(),
  notificationsEnabled: z.boolean(),
  newMemoryNotificationsEnabled: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof user>;

/** PATCH /api/user: accounts §7 sends either defaultTimelineId or the settings fields. */
export const updateUserBody = z
  .object({
    defaultTimelineId: z.string().min(1, { error: messages.timelineNotFound }).max(100, { error: messages.timelineNotFound }),
    displayName: displayNameField,
    reminderTime: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: messages.reminderTimeInvalid }),
    notificationsEnabled: z.boolean(),
    newMemoryNotificationsEnabled: z.boolean(),
  })
  .partial()
  .strict();
export type UpdateUserBody = z.infer<typeof updateUserBody>;

/** PATCH /api/auth/user/profile (multipart text fields). */
export const updateProfileFields = z.object({ displayName: displayNameField.optional() });

/**
 * The multipart field of PATCH /api/auth/user/profile and POST /api/user/profile-image
 * (accounts §7) that carries the picture.
 */
export const PROFILE_IMAGE_FIELD = 'profileImage';
