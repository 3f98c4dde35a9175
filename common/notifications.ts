import { z } from 'zod';

export const unreadCount = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCount>;

export const notificationTypes = ['memory_shared', 'comment_added', 'family_joined', 'other'] as const;
export type NotificationType = (typeof notificationTypes)[number];

/** memories §3 "Notification". */
export const notification = z.object({
  id: z.string(),
  type: z.enum(notificationTypes),
  title: z.string(),
  message: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  relatedMemoryId: z.string().nullable(),
});
export type Notification = z.infer<typeof notification>;
