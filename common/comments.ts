// Comments as the API speaks them (memories §3 "Comment", §7).
import { z } from 'zod';
import { transcriptionStatus } from './audio.js';
import { member } from './timelines.js';

/** The multipart fields of POST /api/memories/{id}/comments (memories §7). */
export const COMMENT_CONTENT_FIELD = 'content';
export const COMMENT_AUDIO_FIELD = 'audio';

export const commentAbilities = z.object({ canDelete: z.boolean() });
export type CommentAbilities = z.infer<typeof commentAbilities>;

export const comment = z.object({
  id: z.string(),
  memoryId: z.string(),
  userId: z.string(),
  content: z.string().nullable(),
  transcription: z.string().nullable(),
  /** Where a voice comment's words stand ('none' for a written one). */
  transcriptionStatus,
  audioUrl: z.string().nullable(),
  createdAt: z.string(),
  user: member,
  /** Computed by server/access (memories §6: the author alone may delete). */
  abilities: commentAbilities,
});
export type Comment = z.infer<typeof comment>;
