import { z } from 'zod';

export const unreadCount = z.object({ count: z.number().int().nonnegative() });
export type UnreadCount = z.infer<typeof unreadCount>;
