// What a viewer may do with an object they can already see, sent with it (STYLE: Outline's
// policies), from the same rules requireAccess enforces, so the web never re-derives them.
import type { CommentAbilities } from '../../common/comments.js';
import type { MemoryAbilities } from '../../common/memories.js';

/** DESIGN "Who may do what" (Memory): edit, share, retime and delete are the creator's. */
export function memoryAbilities(viewerId: string, memory: { user_id: string }): MemoryAbilities {
  const isCreator = memory.user_id === viewerId;
  return { canEdit: isCreator, canDelete: isCreator, canShare: isCreator };
}

/** memories §6: only its author deletes a comment. */
export function commentAbilities(viewerId: string, comment: { user_id: string }): CommentAbilities {
  return { canDelete: comment.user_id === viewerId };
}
