// Every permission rule of DESIGN "Who may do what", in one place. Services call
// requireAccess before anything else; handlers never decide access themselves.
import { messages } from '../../common/messages.js';
import type { Db } from '../db/index.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { archivesRequestedBy } from './archives.js';
import { booksRequestedBy } from './books.js';
import { mediaReadableBy } from './media.js';
import {
  commentsAuthoredBy,
  commentsViewableBy,
  familiesCreatedBy,
  familiesWithMember,
  membersOfTimelines,
  memoriesCreatedBy,
  memoriesViewableBy,
  removedSince,
  timelineOwner,
  timelinesOwnedBy,
  timelinesWithMember,
  usersVisibleTo,
} from './queries.js';
import { questionsAskedBy, questionsVisibleTo } from './questions.js';
import { storytellersManagedBy, storytellersVisibleTo } from './storytellers.js';

export { viewableMemories, viewableMemoryIds } from './queries.js';
export { commentAbilities, mayAskQuestions, memoryAbilities, questionAbilities, storytellerAbilities, timelineAbilities, timelineMemberAbilities, type TimelineViewer } from './abilities.js';

export type Permission =
  /** See a timeline, its members and its invites; make it one's default. */
  | 'timeline.read'
  /** Rename, recolour or delete a timeline. */
  | 'timeline.manage'
  /** See a family and its members (DESIGN "Families"): its members only. */
  | 'family.read'
  /**
   * Merge a family into another: its creator only (DESIGN "Families", amended 2026-11-25;
   * issue 19: any member could otherwise move everyone into a family of their own making).
   */
  | 'family.merge'
  /**
   * See a memory (DESIGN "Memory view", amended 2026-11-25): its creator, everyone with a
   * share of it, and for audience 'timeline' every member of its timelines now (queries.ts
   * viewableMemoryIds).
   */
  | 'memory.read'
  /** Edit, share, retime or delete a memory: its creator only (DESIGN "Who may do what"). */
  | 'memory.edit'
  /** Stop a memory's listen codes (DESIGN "The family book (PDF)"): its creator only. */
  | 'memory.stopListenCodes'
  /** See a user's name and picture (DESIGN "Edge decisions": GET /api/users/{id}). */
  | 'user.read'
  /** Read media bytes by storage key (DESIGN "Media bytes"). */
  | 'media.read'
  /** See a comment: whoever may view its memory (DESIGN "Comments"). */
  | 'comment.read'
  /** Delete a comment: its author, while they may still view its memory (memories §6). */
  | 'comment.delete'
  /** See a family's question (issue 23): the members of its timeline. */
  | 'question.read'
  /** Delete a question: its asker, while still a member of its timeline. */
  | 'question.delete'
  /** See a storyteller (DESIGN "Storytellers (no account)"): the members of their timeline. */
  | 'storyteller.read'
  /** Rename, set reminders, re-issue or stop the link: who added them and the timeline's owner. */
  | 'storyteller.manage'
  /** See a family book, its progress and its PDF (issue 24): the person who asked for it, no one else. */
  | 'book.read'
  /** Delete a family book: the person who asked for it. */
  | 'book.delete'
  /** See an archive of everything, its progress and its zip (issue 25): the person who asked for it, no one else. */
  | 'archive.read'
  /** Delete an archive of everything: the person who asked for it. */
  | 'archive.delete';

export interface Actor {
  id: string;
}

/** The ids, out of `ids`, that `actor` may use with `permission`. */
export async function checkAccess(db: Db, actor: Actor, permission: Permission, ids: string[]): Promise<Set<string>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Set();
  switch (permission) {
    case 'timeline.read':
      return new Set(await timelinesWithMember(db, actor.id, unique));
    case 'timeline.manage':
      return new Set(await timelinesOwnedBy(db, actor.id, unique));
    case 'family.read':
      return new Set(await familiesWithMember(db, actor.id, unique));
    case 'family.merge':
      return new Set(await familiesCreatedBy(db, actor.id, unique));
    case 'memory.read':
      return new Set(await memoriesViewableBy(db, actor.id, unique));
    case 'memory.edit':
    case 'memory.stopListenCodes':
      return new Set(await memoriesCreatedBy(db, actor.id, unique));
    case 'user.read':
      return new Set(await usersVisibleTo(db, actor.id, unique));
    case 'media.read':
      return new Set(await mediaReadableBy(db, actor.id, unique));
    case 'comment.read':
      return new Set(await commentsViewableBy(db, actor.id, unique));
    case 'comment.delete':
      return new Set(await commentsAuthoredBy(db, actor.id, unique));
    case 'question.read':
      return new Set(await questionsVisibleTo(db, actor.id, unique));
    case 'question.delete':
      return new Set(await questionsAskedBy(db, actor.id, unique));
    case 'storyteller.read':
      return new Set(await storytellersVisibleTo(db, actor.id, unique));
    case 'storyteller.manage':
      return new Set(await storytellersManagedBy(db, actor.id, unique));
    case 'book.read':
    case 'book.delete':
      return new Set(await booksRequestedBy(db, actor.id, unique));
    case 'archive.read':
    case 'archive.delete':
      return new Set(await archivesRequestedBy(db, actor.id, unique));
  }
}

/** What the caller is told when one of the ids is refused. */
const refusal: Record<Permission, { visibleWith?: Permission; message: string }> = {
  'timeline.read': { message: messages.timelineNotFound },
  'timeline.manage': { visibleWith: 'timeline.read', message: messages.timelineOwnerOnly },
  'family.read': { message: messages.familyNotFound },
  'family.merge': { visibleWith: 'family.read', message: messages.familyMergeCreatorOnly },
  'memory.read': { message: messages.memoryNotFound },
  'memory.edit': { visibleWith: 'memory.read', message: messages.memoryCreatorOnly },
  'memory.stopListenCodes': { visibleWith: 'memory.read', message: messages.listenCodesCreatorOnly },
  'user.read': { message: messages.userNotFound },
  'media.read': { message: messages.notFound },
  'comment.read': { message: messages.commentNotFound },
  'comment.delete': { visibleWith: 'comment.read', message: messages.commentAuthorOnly },
  'question.read': { message: messages.questionNotFound },
  'question.delete': { visibleWith: 'question.read', message: messages.questionAskerOnly },
  'storyteller.read': { message: messages.storytellerNotFound },
  'storyteller.manage': { visibleWith: 'storyteller.read', message: messages.storytellerManagersOnly },
  // Others' books are 404 on every call (DESIGN "The family book (PDF)").
  'book.read': { message: messages.bookNotFound },
  'book.delete': { message: messages.bookNotFound },
  // Others' archives are 404 on every call (DESIGN "Yours to keep").
  'archive.read': { message: messages.everythingArchiveNotFound },
  'archive.delete': { message: messages.everythingArchiveNotFound },
};

/**
 * Throws unless `actor` may use every id with `permission`: 404 when they may not even see
 * the object (so no id reveals whether it exists), 403 when they see it but may not do this.
 */
export async function requireAccess(db: Db, actor: Actor, permission: Permission, ids: string[]): Promise<void> {
  const allowed = await checkAccess(db, actor, permission, ids);
  const refused = ids.filter((id) => !allowed.has(id));
  if (refused.length === 0) return;
  const { visibleWith, message } = refusal[permission];
  if (visibleWith) {
    const visible = await checkAccess(db, actor, visibleWith, refused);
    if (visible.size === refused.length) throw forbidden(message);
    throw notFound(refusal[visibleWith].message);
  }
  throw notFound(message);
}

/**
 * DESIGN "Who may do what" (Timeline): any member may remove another member, but nobody
 * removes the owner or themselves through that call. A caller outside the timeline hears
 * 404 as for any unseen timeline; a target who is not a member is 404 too.
 */
export async function requireMemberRemoval(db: Db, actor: Actor, timelineId: string, memberId: string): Promise<void> {
  await requireAccess(db, actor, 'timeline.read', [timelineId]);
  if (memberId === (await timelineOwner(db, timelineId))) throw forbidden(messages.ownerNotRemovable);
  if (memberId === actor.id) throw forbidden(messages.selfNotRemovable);
  const stillMember = await timelinesWithMember(db, memberId, [timelineId]);
  if (stillMember.length === 0) throw notFound(messages.memberNotFound);
}

/**
 * DESIGN "Who may do what" (Memory): a memory goes on timelines its creator belongs to
 * (404 "Timeline not found" otherwise, as for any unseen timeline), and is shared only with
 * members of those timelines (400: the caller chose a person they could pick from no list).
 */
export async function requireMemoryPlacement(db: Db, actor: Actor, timelineIds: string[], sharedWith: string[]): Promise<void> {
  await requireAccess(db, actor, 'timeline.read', timelineIds);
  const others = sharedWith.filter((id) => id !== actor.id);
  if (others.length === 0) return;
  const members = new Set(await membersOfTimelines(db, timelineIds));
  if (others.some((id) => !members.has(id))) throw badRequest(messages.sharedWithNotMember);
}

/**
 * DESIGN "Invites": anyone signed in but its creator may accept a timeline invite, except a
 * person removed from the timeline at or after the invite was made (issue 19). Removal ends
 * those invites (timelines/queries.ts removeMember); this refuses one that survived it.
 */
export async function requireTimelineInviteAcceptance(
  db: Db,
  actor: Actor,
  invite: { timeline_id: string; created_by: string; created_at: string },
): Promise<void> {
  if (invite.created_by === actor.id) throw badRequest(messages.ownTimelineInvite);
  if (await removedSince(db, actor.id, invite.timeline_id, invite.created_at)) throw forbidden(messages.removedBeforeInvite);
}
