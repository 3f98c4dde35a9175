// What a viewer may do with an object they can already see, sent with it (STYLE: Outline's
// policies), from the same rules requireAccess enforces, so the web never re-derives them.
import type { CommentAbilities } from '../../common/comments.js';
import type { MemoryAbilities } from '../../common/memories.js';
import type { Storyteller } from '../../common/storytellers.js';
import type { TimelineAbilities, TimelineMemberAbilities } from '../../common/timelines.js';
import { isSet } from '../db/flags.js';

/** DESIGN "Who may do what" (Memory): edit, share, retime and delete are the creator's. */
export function memoryAbilities(viewerId: string, memory: { user_id: string }): MemoryAbilities {
  const isCreator = memory.user_id === viewerId;
  return { canEdit: isCreator, canDelete: isCreator, canShare: isCreator };
}

/** issue 23, 'question.delete': only its asker deletes a question. */
export function questionAbilities(viewerId: string, question: { asked_by: string }): { canDelete: boolean } {
  return { canDelete: question.asked_by === viewerId };
}

/** issue 23: the family asks and storytellers answer; a storyteller, should one ever have a session, asks nothing. */
export function mayAskQuestions(user: { is_storyteller: boolean | number }): boolean {
  return !isSet(user.is_storyteller);
}

/** memories §6: only its author deletes a comment. */
export function commentAbilities(viewerId: string, comment: { user_id: string }): CommentAbilities {
  return { canDelete: comment.user_id === viewerId };
}

/** The one who asks, with their default timeline (users.default_timeline_id). */
export interface TimelineViewer {
  id: string;
  defaultTimelineId: string | null;
}

/**
 * DESIGN "Who may do what" (Timeline, 'timeline.manage'): renaming, recolouring and deleting
 * are the owner's; accounts §6: nobody deletes their own default timeline.
 */
export function timelineAbilities(viewer: TimelineViewer, timeline: { id: string; user_id: string }): TimelineAbilities {
  const isOwner = timeline.user_id === viewer.id;
  return { canEdit: isOwner, canDelete: isOwner && timeline.id !== viewer.defaultTimelineId };
}

/** accounts §6, requireMemberRemoval: any member removes another, never the owner nor themselves. */
export function timelineMemberAbilities(viewerId: string, timeline: { user_id: string }, memberId: string): TimelineMemberAbilities {
  return { canRemove: memberId !== viewerId && memberId !== timeline.user_id };
}

/** DESIGN "Storytellers (no account)", 'storyteller.manage': who added them and the timeline's owner. */
export function storytellerAbilities(viewerId: string, storyteller: { created_by: string | null }, timeline: { user_id: string }): Storyteller['abilities'] {
  return { canManage: storyteller.created_by === viewerId || timeline.user_id === viewerId };
}
